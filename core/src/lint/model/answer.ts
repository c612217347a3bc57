/** The model's answer, validated against the schema it was given: anything else is a ModelLintAnswerError. */
import { z } from 'zod';
import { MODEL_LINT_RULE_IDS } from './request';

/** Longest quote, reason or fix kept from one finding; more is not a finding a person reads. */
const FIELD_MAX = 2_000;
/** More findings than any prompt has meaning problems: an answer listing more is not usable. */
const FINDINGS_MAX = 50;

const ModelLintAnswer = z.strictObject({
  findings: z
    .array(
      z.strictObject({
        rule: z.enum(MODEL_LINT_RULE_IDS),
        quote: z.string().max(FIELD_MAX),
        why: z.string().max(FIELD_MAX),
        fix: z.string().max(FIELD_MAX),
      }),
    )
    .max(FINDINGS_MAX),
});

export type ModelLintAnswer = z.infer<typeof ModelLintAnswer>;

/** The model answered, but not with JSON of the schema: the check has nothing to show. */
export class ModelLintAnswerError extends Error {}

/** A code fence around the JSON is tolerated (models add one despite being told not to); nothing else is. */
const FENCED = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/;

export function parseModelLintAnswer(text: string): ModelLintAnswer {
  const trimmed = text.trim();
  const body = FENCED.exec(trimmed)?.[1] ?? trimmed;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new ModelLintAnswerError('The model did not answer with JSON, so the model check has no findings to show.');
  }
  const parsed = ModelLintAnswer.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new ModelLintAnswerError(
      `The model's answer does not follow the schema (${issue.message}${where}), so the model check has no findings to show.`,
    );
  }
  return parsed.data;
}
