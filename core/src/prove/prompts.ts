/**
 * What [prove] asks models: drafting test cases, judging an answer against a rubric, and proposing
 * an edited prompt from failing cases. Sections are headed `### Name` so the answers and the
 * simulated model in test-support can find them.
 */

import { SCORE_MAX, SCORE_MIN } from '../api/prove';

export const DRAFT_SYSTEM_PROMPT = `You write test cases for a prompt that an AI model will be given as its instructions.
Return JSON only, exactly in this shape: {"rubric": "...", "cases": [{"input": "...", "expected": "..."}]}.
- "cases": varied user inputs the prompt must handle: typical ones, edge cases, hard ones, and at least one tricky or adversarial one.
- "expected" (optional): the points a good answer contains, one per line.
- "rubric": how to score an answer from ${SCORE_MIN} to ${SCORE_MAX}, as short checkable criteria, one per line.`;

export function draftUserMessage(task: string, count: number): string {
  return `### Task\n${task}\n\n### Number of cases\n${count}`;
}

export const JUDGE_SYSTEM_PROMPT = `You are a strict, fair judge of AI answers. Score the answer against the rubric from ${SCORE_MIN} (fails it) to ${SCORE_MAX} (meets every criterion).
Return JSON only: {"score": <integer ${SCORE_MIN}-${SCORE_MAX}>, "critique": "<one line: the most important thing the answer misses, or why it is good>"}.`;

export function judgeUserMessage(rubric: string, input: string, answer: string, expected?: string): string {
  const parts = [`### Rubric\n${rubric}`, `### Input\n${input}`];
  if (expected?.trim()) parts.push(`### Expected points\n${expected}`);
  parts.push(`### Answer\n${answer}`);
  return parts.join('\n\n');
}

export const PROPOSE_SYSTEM_PROMPT = `You improve prompts. You get a prompt and the test cases it failed, with the judge's critiques.
Propose one focused edit that fixes the most common failure: add or change an instruction. Keep everything that works.
Return the whole edited prompt only: no commentary, no quotes, no code fence.`;

export interface Failure {
  input: string;
  answer: string;
  score: number;
  critique: string;
}

export function proposeUserMessage(prompt: string, failures: readonly Failure[]): string {
  const cases = failures.length
    ? failures
        .map(
          (f, i) =>
            `${i + 1}. Input: ${f.input}\n   Answer: ${f.answer}\n   Score: ${f.score}/${SCORE_MAX}\n   Critique: ${f.critique}`,
        )
        .join('\n')
    : 'None: every training case scored full marks. Make the prompt more robust without changing what it asks for.';
  return `### Current prompt\n${prompt}\n\n### Failing cases\n${cases}`;
}
