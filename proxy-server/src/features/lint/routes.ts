/**
 * Prompt check for anyone: POST /api/lint runs the offline linter (no model call, nothing stored).
 * It runs on the event loop, so one request's work is bounded: visitors send at most
 * LINT_VISITOR_MAX_CHARS (signed-in users and personal tokens up to the body limit), the answer
 * lists at most LINT_FINDINGS_PER_RULE findings per rule with a count of the rest, and each caller
 * (visitor IP or account) has a budget of check time per minute.
 *
 * With `model` (true, or a provider and model) a signed-in caller or a token with `run` also gets the
 * model check (modelCheck.ts), its findings merged with the rules'; a visitor gets the rules'
 * findings and `modelCheckSkipped` saying why.
 */
import express, { type Request, type RequestHandler, type Router } from 'express';
import type { ModelChoice } from '@prompt-perfect/core/api/prove';
import { z } from 'zod';
import {
  LINT_FINDINGS_PER_RULE,
  LINT_VISITOR_MAX_CHARS,
  type LintRequest,
  type LintResponse,
} from '@prompt-perfect/core/api/types';
import { mergeFindings } from '@prompt-perfect/core/lint/model/index';
import { MODEL_CHECK_VISITORS } from '@prompt-perfect/core/lint/model/messages';
import type { LintFinding } from '@prompt-perfect/core/lint/types';
import { sendsPersonalToken, tokenOwner } from '../../auth/apiTokenAuth';
import type { Authenticator } from '../../auth/authenticator';
import { PayloadTooLarge } from '../../http/httpError';
import { capFindings } from './capFindings';
import { createCpuBudget } from './cpuBudget';
import { lintOnServer } from './lintOnServer';
import type { ModelCheck } from './modelCheck';
import { parseBody, text } from '../../http/validate';
import type { ApiTokenStore } from '../tokens/tokens';

/** More test values than any prompt has placeholders; keeps one request's work bounded. */
const LINT_MAX_VARIABLES = 100;

const lintTooLongForVisitors = `The Prompt check takes at most ${LINT_VISITOR_MAX_CHARS.toLocaleString('en-US')} characters (prompt and original together) without signing in: sign in, or use a personal API token, to check longer prompts.`;

/** Typed against the shared contract: the server accepts exactly what clients are told to send. */
export const LintSchema: z.ZodType<LintRequest> = z.strictObject({
  prompt: z.string(),
  original: z.string().optional(),
  variables: z
    .record(z.string().max(100), z.string())
    .refine((v) => Object.keys(v).length <= LINT_MAX_VARIABLES, {
      message: `has more than ${LINT_MAX_VARIABLES} entries.`,
    })
    .optional(),
  model: z
    .union([z.boolean(), z.strictObject({ provider: z.enum(['openai', 'anthropic']), model: text() })], {
      error: 'must be true (the test model) or {"provider": "openai" or "anthropic", "model": "<model id>"}.',
    })
    .optional(),
});

export interface LintRouteDeps {
  auth: Authenticator;
  tokens: ApiTokenStore;
  /** LINT_CPU_MS_PER_MINUTE: check time one caller may use per minute. */
  cpuMsPerMinute: number;
  modelCheck: ModelCheck;
  /** What a model call passes: the session or a token with `run`, the per-user limit, a run slot. */
  modelGuards: RequestHandler[];
}

/** What the rules step hands to the model step of one request. */
const RULES_DONE = Symbol('rulesDone');
interface RulesDone {
  prompt: string;
  model: true | ModelChoice;
  findings: LintFinding[];
}
type WithRulesDone = Request & { [RULES_DONE]?: RulesDone };

export function createLintRoutes({ auth, tokens, cpuMsPerMinute, modelCheck, modelGuards }: LintRouteDeps): Router {
  const router = express.Router();
  const budget = createCpuBudget(cpuMsPerMinute, 60_000);

  /** The signed-in account (session or a valid personal token), else undefined: a visitor. */
  const accountOf = async (req: Request): Promise<string | undefined> => {
    if (sendsPersonalToken(req)) return (await tokenOwner(req, tokens)).user.id;
    return (await auth.identify(req)).user?.id;
  };

  const rules: RequestHandler = async (req, res, next) => {
    const { prompt, original, variables, model } = parseBody(LintSchema, req);
    const account = await accountOf(req);
    if (!account && prompt.length + (original?.length ?? 0) > LINT_VISITOR_MAX_CHARS)
      throw new PayloadTooLarge(lintTooLongForVisitors);
    const findings = budget.run(account ? `user:${account}` : `ip:${req.ip}`, () =>
      lintOnServer(prompt, { original, variables }),
    );
    if (model && account) {
      (req as WithRulesDone)[RULES_DONE] = { prompt, model, findings };
      next();
      return;
    }
    const body: LintResponse = capFindings(findings, LINT_FINDINGS_PER_RULE);
    res.json(model ? { ...body, modelCheckSkipped: MODEL_CHECK_VISITORS } : body);
  };

  const withModel: RequestHandler = async (req, res) => {
    const done = (req as WithRulesDone)[RULES_DONE];
    if (!done) throw new Error('the model step of POST /api/lint ran without the rules step');
    const { located, report } = await modelCheck({ req, res }, done.prompt, done.model);
    const merged = mergeFindings(done.prompt, done.findings, located.findings);
    const body: LintResponse = { ...capFindings(merged, LINT_FINDINGS_PER_RULE), modelCheck: report };
    res.json(body);
  };

  router.post('/lint', rules, ...modelGuards, withModel);
  return router;
}
