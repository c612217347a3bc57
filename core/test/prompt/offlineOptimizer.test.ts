import { describe, expect, it } from 'vitest';
import { findAudience } from '../../src/catalog/audiences';
import { findPersona } from '../../src/catalog/personas';
import { findTemplate } from '../../src/catalog/templates';
import { detectTaskKind } from '../../src/prompt/detectTaskKind';
import { optimizeOffline } from '../../src/prompt/offlineOptimizer';
import { scorePrompt } from '../../src/progress/score';
import { ROUGH_PROMPTS } from '../fixtures/roughPrompts';

describe('offline optimizer: quality bar over the corpus', () => {
  const results = ROUGH_PROMPTS.map((r) => {
    const output = optimizeOffline(r.prompt, r.options);
    const before = scorePrompt(r.prompt);
    const after = scorePrompt(output);
    const lower = output.toLowerCase();
    const missing = r.keyTerms.filter((k) => !lower.includes(k.toLowerCase()));
    return { ...r, output, before, after, missing };
  });

  it('has at least 50 varied rough prompts', () => {
    expect(ROUGH_PROMPTS.length).toBeGreaterThanOrEqual(50);
    expect(new Set(ROUGH_PROMPTS.map((r) => r.prompt)).size).toBe(ROUGH_PROMPTS.length);
  });

  it('raises the prompt score for at least 90% of them', () => {
    const improved = results.filter((r) => r.after > r.before).length;
    const rate = improved / results.length;
    console.info(
      `offline optimizer corpus: ${improved}/${results.length} improved (${(rate * 100).toFixed(1)}%), ` +
        `mean score ${mean(results.map((r) => r.before)).toFixed(1)} -> ${mean(results.map((r) => r.after)).toFixed(1)}`,
    );
    expect(rate).toBeGreaterThanOrEqual(0.9);
  });

  it("keeps every key term of the user's prompt", () => {
    expect(results.filter((r) => r.missing.length > 0).map((r) => [r.prompt, r.missing])).toEqual([]);
  });

  it("contains the user's text verbatim (bar a capitalised first letter)", () => {
    for (const r of results) expect(r.output).toContain(r.prompt.trim().slice(1));
  });

  it('never lowers the score', () => {
    for (const r of results) expect(r.after).toBeGreaterThanOrEqual(r.before);
  });

  it('is deterministic', () => {
    for (const r of ROUGH_PROMPTS)
      expect(optimizeOffline(r.prompt, r.options)).toBe(optimizeOffline(r.prompt, r.options));
  });
});

function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

describe('offline optimizer: structure and options', () => {
  it('gives role, task, requirements, output format; no padding for a short task', () => {
    const out = optimizeOffline('write a blog post about dogs');
    expect(out).toMatch(/^You are an experienced writer and editor\./);
    expect(out).toContain('Task: Write a blog post about dogs.');
    expect(out).toContain('Requirements:\n- ');
    expect(out).toContain('Output format: ');
    expect(out.length).toBeLessThan(1000);
    expect(out.split(/\s+/).length).toBeLessThanOrEqual(200);
  });
  it('puts long or multi-line tasks in a quoted block', () => {
    const out = optimizeOffline('fix this:\nconst x = 1;\nx = 2;');
    expect(out).toContain('Task:\n"""\nFix this:\nconst x = 1;\nx = 2;\n"""');
  });
  it('returns an empty string for an empty task with no template', () => {
    expect(optimizeOffline('   ')).toBe('');
  });
  it('builds from the template text alone when there is no task (the spec local fallback)', () => {
    const out = optimizeOffline('', { templateId: 'code-review' });
    expect(out).toContain(findTemplate('code-review')!.text);
  });
  it('technique scaffolding: chain-of-thought steps, few-shot examples, role prompting', () => {
    expect(optimizeOffline('solve 2x + 3 = 11', { technique: 'chain-of-thought' })).toMatch(
      /step by step:\n1\. .+\n2\. .+\n3\. /,
    );
    expect(optimizeOffline('write a story', { technique: 'few-shot' })).toContain('Input: [a typical input]');
    const fewShot = optimizeOffline('write a story', { technique: 'few-shot', positiveExamples: 'A lantern sang.' });
    expect(fewShot).toContain('A lantern sang.');
    expect(fewShot).not.toContain('[a typical input]');
    expect(optimizeOffline('explain dns', { technique: 'role-prompting' })).toMatch(/expert perspective/);
  });
  it('uses persona, audience, tone, custom tone, language, examples and template', () => {
    const out = optimizeOffline('launch plan for our app', {
      personaId: 'product-manager',
      audienceId: 'executives',
      tone: 'Confident',
      language: 'German',
      templateId: 'market-research',
      negativeExamples: 'Vague fluff.',
    });
    expect(out.startsWith(findPersona('product-manager')!.rolePrompt)).toBe(true);
    expect(out).toContain(findAudience('executives')!.instruction);
    expect(out).toContain('state recommendations without hedging');
    expect(out).toContain('write the entire response in German');
    expect(out).toContain(findTemplate('market-research')!.text);
    expect(out).toContain('Avoid output like this:\nVague fluff.');
    expect(optimizeOffline('a poem', { tone: 'Custom', customTone: 'melancholic' })).toContain(
      'Use this tone: melancholic.',
    );
  });
  it('adapts to the kind of task', () => {
    expect(detectTaskKind('write a python function to parse csv').id).toBe('code');
    expect(detectTaskKind('poem about rain').id).toBe('creative');
    expect(detectTaskKind('compare two laptops').id).toBe('analysis');
    expect(detectTaskKind('summarize this report').id).toBe('summarize');
    expect(detectTaskKind('xyzzy').id).toBe('general');
    expect(optimizeOffline('write a python function to parse csv')).toContain('fenced code block');
  });
  it('omits the length line when the task states a size', () => {
    expect(optimizeOffline('write a blog post about dogs')).toContain('Length:');
    expect(optimizeOffline('write a 300 word blog post about dogs')).not.toContain('Length:');
  });
  // Its speed on 100 KB is held by `npm run bench` (offline optimizer section).
  it('keeps the whole of a 100 KB task', () => {
    const big = 'Analyze these logs and explain the errors. '.repeat(2400);
    expect(big.length).toBeGreaterThan(100_000);
    const out = optimizeOffline(big);
    expect(out).toContain(big.trim().slice(1));
  });
});
