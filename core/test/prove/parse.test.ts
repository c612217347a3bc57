import { describe, expect, it } from 'vitest';
import { parseDraftAnswer, parseJudgeAnswer, parseProposedPrompt, ProveAnswerError } from '../../src/prove/parse';

describe('parseJudgeAnswer', () => {
  it('reads plain, fenced and wrapped JSON', () => {
    expect(parseJudgeAnswer('{"score": 4, "critique": "Good."}')).toEqual({ score: 4, critique: 'Good.' });
    expect(parseJudgeAnswer('```json\n{"score": "3", "critique": "Too long.\\nAnd more."}\n```')).toEqual({
      score: 3,
      critique: 'Too long.',
    });
    expect(parseJudgeAnswer('Verdict: {"score": 2.6, "critique": "x"} done')).toEqual({ score: 3, critique: 'x' });
  });

  it('clamps scores to 1-5', () => {
    expect(parseJudgeAnswer('{"score": 9, "critique": ""}').score).toBe(5);
    expect(parseJudgeAnswer('{"score": 0}').score).toBe(1);
  });

  it('anything else is a clear error', () => {
    expect(() => parseJudgeAnswer('I would give it a four.')).toThrow(ProveAnswerError);
    expect(() => parseJudgeAnswer('{"score": "high"}')).toThrow(
      'The judge model did not answer with JSON {"score": 1-5, "critique": "..."}. Try another judge model.',
    );
  });
});

describe('parseDraftAnswer', () => {
  it('numbers the cases, keeps expected points, drops blank inputs', () => {
    const draft = parseDraftAnswer(
      '```json\n{"rubric": ["Short", "Polite"], "cases": [{"input": "Hi", "expected": ["Greets"]}, {"input": "  "}, "Bye", {"input": "Help", "expected": null}]}\n```',
    );
    expect(draft).toEqual({
      rubric: 'Short\nPolite',
      cases: [
        { id: 'c1', input: 'Hi', expected: 'Greets' },
        { id: 'c2', input: 'Bye' },
        { id: 'c3', input: 'Help' },
      ],
    });
  });

  it('no cases or no JSON is a clear error', () => {
    expect(() => parseDraftAnswer('{"rubric": "r", "cases": []}')).toThrow(
      'The model drafted no test cases. Try again or another model.',
    );
    expect(() => parseDraftAnswer('Here are some cases: 1. hi')).toThrow(ProveAnswerError);
  });
});

describe('parseProposedPrompt', () => {
  it('removes a code fence or quotes', () => {
    expect(parseProposedPrompt('```\nBe brief.\nAnswer in JSON only.\n```')).toBe('Be brief.\nAnswer in JSON only.');
    expect(parseProposedPrompt('"Be brief."')).toBe('Be brief.');
  });

  it('an empty proposal is an error', () => {
    expect(() => parseProposedPrompt('  ')).toThrow('The model proposed an empty prompt.');
  });
});
