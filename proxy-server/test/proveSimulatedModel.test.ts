/** The simulated [prove] model the tests and the bench rely on: it follows only what the prompt states. */
import { describe, expect, it } from 'vitest';
import { parseJudgeAnswer } from '@prompt-perfect/core/prove/parse';
import {
  JUDGE_SYSTEM_PROMPT,
  judgeUserMessage,
  PROPOSE_SYSTEM_PROMPT,
  proposeUserMessage,
} from '@prompt-perfect/core/prove/prompts';
import { createSimulatedModel, instructionsOf } from '@prompt-perfect/test-support/prove/simulatedModel';
import { SIMULATED_ROUGH_PROMPT, SIMULATED_RUBRIC } from '@prompt-perfect/test-support/prove/simulatedTask';

const QUESTION = 'What size backpack do I need for three nights in the Alps with a tent and a stove?';

describe('simulated model', () => {
  const model = createSimulatedModel({ noiseOneIn: 0 });
  const answer = (prompt: string) => model.reply(prompt, QUESTION, true)!;
  const judge = (a: string) =>
    parseJudgeAnswer(model.reply(JUDGE_SYSTEM_PROMPT, judgeUserMessage(SIMULATED_RUBRIC, QUESTION, a), true)!);

  it('answers in prose, at length, in no persona, unless told otherwise', () => {
    const a = answer(SIMULATED_ROUGH_PROMPT);
    expect(() => JSON.parse(a)).toThrow();
    expect(a.split(/\s+/).length).toBeGreaterThan(40);
    expect(judge(a)).toEqual({ score: 2, critique: 'Not valid JSON: the rubric asks for JSON only.' });
  });

  it('each stated instruction is followed, and the judge sees it', () => {
    const json = `${SIMULATED_ROUGH_PROMPT}\nAnswer in JSON only.`;
    expect(JSON.parse(answer(json))).toHaveProperty('answer');
    expect(judge(answer(json)).score).toBe(3);
    const short = `${json}\nKeep every answer to at most 40 words.`;
    expect(JSON.parse(answer(short)).answer.split(' ')).toHaveLength(40);
    const persona = `${short}\nSpeak as Trail Guide Tess.`;
    expect(JSON.parse(answer(persona)).answer).toMatch(/^Tess here:/);
    expect(judge(answer(persona))).toEqual({ score: 5, critique: 'Meets every criterion.' });
    expect(instructionsOf(persona)).toEqual({ json: true, wordLimit: 40, persona: 'Trail Guide Tess' });
  });

  it('proposes the missing instruction the critiques point to', () => {
    const failures = [
      { input: QUESTION, answer: 'x', score: 2, critique: 'Not valid JSON: the rubric asks for JSON only.' },
    ];
    const proposal = model.reply(PROPOSE_SYSTEM_PROMPT, proposeUserMessage('Help customers.', failures), true)!;
    expect(instructionsOf(proposal).json).toBe(true);
  });

  it('is not used for ordinary calls unless answers are simulated', () => {
    expect(model.reply('You are an expert prompt engineer.', 'Write a haiku.', false)).toBeUndefined();
  });
});
