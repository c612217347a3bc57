/**
 * Reading the models' answers: tolerant of a code fence or words around the JSON, strict about its
 * shape. Scores outside 1-5 are clamped; anything unusable is a ProveAnswerError with a clear message.
 */
import { z } from 'zod';
import {
  DRAFT_CASES_MAX,
  RUBRIC_MAX,
  SCORE_MAX,
  SCORE_MIN,
  TEST_CASE_INPUT_MAX,
  type DraftTestSetResponse,
} from '../api/prove';

export class ProveAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProveAnswerError';
  }
}

/** A request that cannot be run as asked (too few cases, a budget too small): the caller's to fix. */
export class ProveInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProveInputError';
  }
}

const CRITIQUE_MAX = 300;

/** The JSON object in a model's answer: a fenced block, or the text from the first { to the last }. */
function jsonObjectIn(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const candidate = fenced ? fenced[1] : text;
  const start = candidate.indexOf('{');
  const end = candidate.lastIndexOf('}');
  if (start === -1 || end <= start) return undefined;
  try {
    return JSON.parse(candidate.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

const JudgeSchema = z.object({
  score: z.union([
    z.number(),
    z
      .string()
      .regex(/^\s*\d+(\.\d+)?\s*$/)
      .transform(Number),
  ]),
  critique: z.string().optional().default(''),
});

export interface JudgeVerdict {
  score: number;
  critique: string;
}

export function parseJudgeAnswer(text: string): JudgeVerdict {
  const parsed = JudgeSchema.safeParse(jsonObjectIn(text));
  if (!parsed.success || !Number.isFinite(parsed.data.score)) {
    throw new ProveAnswerError(
      'The judge model did not answer with JSON {"score": 1-5, "critique": "..."}. Try another judge model.',
    );
  }
  const score = Math.min(SCORE_MAX, Math.max(SCORE_MIN, Math.round(parsed.data.score)));
  const firstLine = parsed.data.critique.trim().split(/\r?\n/)[0] ?? '';
  return { score, critique: firstLine.slice(0, CRITIQUE_MAX) };
}

const DraftSchema = z.object({
  rubric: z.union([z.string(), z.array(z.string()).transform((lines) => lines.join('\n'))]),
  cases: z.array(
    z.union([
      z.string().transform((input) => ({ input, expected: undefined as string | undefined })),
      z.object({
        input: z.string(),
        expected: z
          .union([z.string(), z.array(z.string()).transform((lines) => lines.join('\n')), z.null()])
          .optional()
          .transform((v) => v ?? undefined),
      }),
    ]),
  ),
});

export function parseDraftAnswer(text: string): DraftTestSetResponse {
  const parsed = DraftSchema.safeParse(jsonObjectIn(text));
  if (!parsed.success)
    throw new ProveAnswerError(
      'The model did not answer with JSON {"rubric": "...", "cases": [...]}. Try again or another model.',
    );
  const cases = parsed.data.cases
    .filter((c) => c.input.trim())
    .slice(0, DRAFT_CASES_MAX)
    .map((c, i) => ({
      id: `c${i + 1}`,
      input: c.input.trim().slice(0, TEST_CASE_INPUT_MAX),
      ...(c.expected?.trim() ? { expected: c.expected.trim().slice(0, TEST_CASE_INPUT_MAX) } : {}),
    }));
  if (cases.length === 0) throw new ProveAnswerError('The model drafted no test cases. Try again or another model.');
  return { rubric: parsed.data.rubric.trim().slice(0, RUBRIC_MAX), cases };
}

/** The edited prompt from a proposal: a code fence or surrounding quotes removed. */
export function parseProposedPrompt(text: string): string {
  const fenced = /^\s*```[a-z]*\s*\n([\s\S]*?)\n?```\s*$/i.exec(text);
  const body = (fenced ? fenced[1] : text).trim();
  const unquoted = /^"([\s\S]*)"$/.exec(body)?.[1] ?? body;
  if (!unquoted.trim()) throw new ProveAnswerError('The model proposed an empty prompt.');
  return unquoted.trim();
}
