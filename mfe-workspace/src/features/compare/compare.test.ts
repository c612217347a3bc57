import { beforeEach, describe, expect, it } from 'vitest';
import { answerFigures, dollars } from './figures';
import { compareRequest } from './runCompare';
import { nextModel } from './defaultColumns';
import { KEPT_COMPARISONS, loadComparisons, saveComparison } from './savedComparisons';
import { workspaceVersions } from './promptVersions';
import type { Answer, Comparison } from './types';

const answer = (over: Partial<Answer> = {}): Answer => ({
  status: 'done',
  text: 'x'.repeat(400),
  error: null,
  firstTextMs: 420,
  totalMs: 2300,
  usage: null,
  sent: { systemPrompt: 'y'.repeat(800), userPrompt: 'z'.repeat(200) },
  verdict: null,
  ...over,
});

describe('a column answer’s figures', () => {
  it("uses the provider's counts when the stream reported them, priced at the model's list price", () => {
    const f = answerFigures(answer({ usage: { input: 1000, output: 500 } }), 'gpt-4o');
    expect(f).toMatchObject({ firstText: '420 ms', total: '2.3 s', estimated: false, costIsUpperBound: false });
    expect(f.tokens).toEqual({ input: 1000, output: 500 });
    // 1000 x $2.50/M + 500 x $10/M
    expect(f.cost).toBe('$0.0075');
  });

  it('estimates from the text, and says so, when the provider reported none', () => {
    const f = answerFigures(answer(), 'gpt-4o');
    expect(f.estimated).toBe(true);
    expect(f.tokens).toEqual({ input: 250, output: 100 });
  });

  it('prices a model missing from the list at the dearest price, marked as an upper bound', () => {
    const f = answerFigures(answer({ usage: { input: 1_000_000, output: 0 } }), 'my-local-model');
    expect(f.costIsUpperBound).toBe(true);
    expect(f.cost).toBe('$30.00');
  });

  it('shows what a run did not reach as a dash, and small amounts with their digits', () => {
    expect(answerFigures(answer({ firstTextMs: null, totalMs: 80 }), 'gpt-4o')).toMatchObject({
      firstText: '–',
      total: '80 ms',
    });
    expect([dollars(0), dollars(0.000_04), dollars(0.001_23), dollars(2.4)]).toEqual([
      '$0',
      '< $0.0001',
      '$0.0012',
      '$2.40',
    ]);
  });
});

describe('what a column sends', () => {
  it('the prompt as instructions and the input as the message, variables filled with the test values', () => {
    expect(compareRequest('Summarise for {{audience}}.', '  The text  ', { audience: 'kids' })).toEqual({
      systemPrompt: 'Summarise for kids.',
      userPrompt: 'The text',
    });
  });

  it('with no input, the prompt alone as the message', () => {
    expect(compareRequest(' Write a haiku. ', ' ', {})).toEqual({ systemPrompt: '', userPrompt: 'Write a haiku.' });
  });
});

describe('the model a new column starts on', () => {
  const model = (id: string) => ({ id, name: id, description: '', source: 'catalogue' as const });
  const info = {
    configured: { openai: true, anthropic: true },
    models: { openai: [model('gpt-4o'), model('gpt-4o-mini')], anthropic: [model('claude-3-5-haiku-20241022')] },
  };
  const test = { provider: 'openai' as const, model: 'gpt-4o' };

  it('is one no column uses yet, the Test model’s provider first, then the others', () => {
    expect(nextModel([], info, test)).toEqual({ provider: 'openai', model: 'gpt-4o' });
    expect(nextModel([test], info, test)).toEqual({ provider: 'openai', model: 'gpt-4o-mini' });
    expect(nextModel([test, { provider: 'openai', model: 'gpt-4o-mini' }], info, test)).toEqual({
      provider: 'anthropic',
      model: 'claude-3-5-haiku-20241022',
    });
  });

  it('never one of a provider reported unconfigured; the Test model again when all are used', () => {
    const all = [test, { provider: 'openai' as const, model: 'gpt-4o-mini' }];
    const noClaude = { ...info, configured: { ...info.configured, anthropic: false } };
    expect(nextModel(all, noClaude, test)).toEqual(test);
  });
});

describe('the prompts a column can run', () => {
  it('the original (what the output was made from) and the optimized one once it has fully arrived', () => {
    const output = { text: ' Better prompt ', error: false };
    expect(workspaceVersions({ input: 'edited since', outputSource: 'rough task', output })).toEqual([
      { label: 'Original prompt', text: 'rough task' },
      { label: 'Optimized prompt', text: 'Better prompt' },
    ]);
    expect(workspaceVersions({ input: 'task', outputSource: '', output: { ...output, streaming: true } })).toEqual([
      { label: 'Original prompt', text: 'task' },
    ]);
    expect(workspaceVersions({ input: '', outputSource: '', output: { text: 'Error: x', error: true } })).toEqual([]);
  });
});

describe('comparisons kept for History', () => {
  const comparison = (id: string, over: Partial<Answer> = {}): Comparison => ({
    id,
    createdAt: '2026-11-26T10:00:00.000Z',
    input: 'a question',
    columns: [
      {
        id: 'c1',
        provider: 'anthropic',
        model: 'claude-3-5-haiku-20241022',
        prompt: { label: 'Optimized prompt', text: 'Answer briefly.' },
        answer: answer({ verdict: { status: 'done', score: 4, critique: 'Good.', judgeModel: 'gpt-4o' }, ...over }),
      },
    ],
  });
  beforeEach(() => localStorage.clear());

  it('reopen as they were, per account, newest first; saving one again updates it in place', () => {
    saveComparison('ada', comparison('one'));
    saveComparison('ada', comparison('two'));
    saveComparison('ada', { ...comparison('one'), input: 'changed' });
    expect(loadComparisons('ada').map((c) => [c.id, c.input])).toEqual([
      ['one', 'changed'],
      ['two', 'a question'],
    ]);
    expect(loadComparisons('ada')[1]).toEqual(comparison('two'));
    expect(loadComparisons('grace')).toEqual([]);
  });

  it(`keeps the last ${KEPT_COMPARISONS}`, () => {
    for (let i = 0; i < KEPT_COMPARISONS + 3; i++) saveComparison('ada', comparison(`c${i}`));
    const kept = loadComparisons('ada');
    expect(kept).toHaveLength(KEPT_COMPARISONS);
    expect(kept[0].id).toBe(`c${KEPT_COMPARISONS + 2}`);
  });

  it('a run cut off by the reload comes back as stopped, a verdict that never came as none', () => {
    saveComparison('ada', comparison('cut', { status: 'streaming', verdict: { status: 'judging' } }));
    expect(loadComparisons('ada')[0].columns[0].answer).toMatchObject({ status: 'stopped', verdict: null });
  });

  it('leaves out what is not a comparison (an unknown provider, no columns, not JSON)', () => {
    saveComparison('ada', comparison('good'));
    const stored = JSON.parse(localStorage.getItem('promptPerfect.comparisons.ada') ?? '[]');
    const bad = [{ ...comparison('p'), columns: [{ ...comparison('p').columns[0], provider: 'nope' }] }, { id: 'x' }];
    localStorage.setItem('promptPerfect.comparisons.ada', JSON.stringify([...stored, ...bad]));
    expect(loadComparisons('ada').map((c) => c.id)).toEqual(['good']);
    localStorage.setItem('promptPerfect.comparisons.ada', '{not json');
    expect(loadComparisons('ada')).toEqual([]);
  });
});
