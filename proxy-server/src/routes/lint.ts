/**
 * Prompt check for anyone: POST /api/lint runs the offline linter (no model call, nothing stored).
 * It runs on the event loop, so one request's work is bounded: visitors send at most
 * LINT_VISITOR_MAX_CHARS (signed-in users and personal tokens up to the body limit), the answer
 * lists at most LINT_FINDINGS_PER_RULE findings per rule with a count of the rest, and each caller
 * (visitor IP or account) has a budget of check time per minute.
 */
import express, { type Request, type Router } from 'express';
import { z } from 'zod';
import {
  LINT_FINDINGS_PER_RULE,
  LINT_VISITOR_MAX_CHARS,
  type LintRequest,
  type LintResponse,
} from '@prompt-perfect/core/api/types';
import { sendsPersonalToken, tokenOwner } from '../auth/apiTokenAuth';
import type { Authenticator } from '../auth/authenticator';
import { PayloadTooLarge } from '../httpError';
import { capFindings } from '../lint/capFindings';
import { createCpuBudget } from '../lint/cpuBudget';
import { lintOnServer } from '../lint/lintOnServer';
import { parseBody } from '../middleware/validate';
import type { ApiTokenStore } from '../storage/testSets';

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
});

/** `cpuMsPerMinute`: LINT_CPU_MS_PER_MINUTE, check time one caller may use per minute. */
export function createLintRoutes(auth: Authenticator, tokens: ApiTokenStore, cpuMsPerMinute: number): Router {
  const router = express.Router();
  const budget = createCpuBudget(cpuMsPerMinute, 60_000);

  /** The signed-in account (session or a valid personal token), else undefined: a visitor. */
  const accountOf = async (req: Request): Promise<string | undefined> => {
    if (sendsPersonalToken(req)) return (await tokenOwner(req, tokens)).user.id;
    return (await auth.identify(req)).user?.id;
  };

  router.post('/lint', async (req, res) => {
    const { prompt, original, variables } = parseBody(LintSchema, req);
    const account = await accountOf(req);
    if (!account && prompt.length + (original?.length ?? 0) > LINT_VISITOR_MAX_CHARS)
      throw new PayloadTooLarge(lintTooLongForVisitors);
    const findings = budget.run(account ? `user:${account}` : `ip:${req.ip}`, () =>
      lintOnServer(prompt, { original, variables }),
    );
    const body: LintResponse = capFindings(findings, LINT_FINDINGS_PER_RULE);
    res.json(body);
  });
  return router;
}
