/** Prompt check for anyone: POST /api/lint runs the offline linter (no model call, nothing stored). */
import express, { type Router } from 'express';
import { z } from 'zod';
import type { LintRequest, LintResponse } from '@prompt-perfect/core/api/types';
import { lintPrompt } from '@prompt-perfect/core/lint/index';
import { parseBody } from '../middleware/validate';

/** More test values than any prompt has placeholders; keeps one request's work bounded. */
const LINT_MAX_VARIABLES = 100;

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

export function createLintRoutes(): Router {
  const router = express.Router();
  router.post('/lint', (req, res) => {
    const { prompt, original, variables } = parseBody(LintSchema, req);
    const body: LintResponse = { findings: lintPrompt(prompt, { original, variables }) };
    res.json(body);
  });
  return router;
}
