/**
 * `prompt-perfect eval` and `optimize` on a test set file, against the fake OpenAI server answering as
 * the simulated [prove] model (answers follow only the instructions a prompt states; the judge checks
 * them against the rubric), and the CI gate's verdicts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startFakeOpenAI } from '@prompt-perfect/test-support/fakes/fakeOpenAI';
import type { FakeUpstream } from '@prompt-perfect/test-support/fakes/types';
import {
  SIMULATED_ROUGH_PROMPT,
  SIMULATED_RUBRIC,
  simulatedCases,
} from '@prompt-perfect/test-support/prove/simulatedTask';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempDir } from './runCli';

const GOOD = `${SIMULATED_ROUGH_PROMPT} Answer in JSON only, shaped {"answer": "..."}. Use at most 40 words. Speak as Trail Guide Tess and open with 'Tess here:'.`;

let openai: FakeUpstream;
let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  openai = await startFakeOpenAI({ simulatedAnswers: true });
  dir = tempDir();
  writeFileSync(path.join(dir, 'good.txt'), GOOD);
  writeFileSync(path.join(dir, 'rough.txt'), SIMULATED_ROUGH_PROMPT);
  writeFileSync(
    path.join(dir, 'cases.json'),
    JSON.stringify({ rubric: SIMULATED_RUBRIC, cases: simulatedCases(12).map(({ input }) => ({ input })) }),
  );
  env = { OPENAI_API_KEY: 'sk-test-cli', OPENAI_BASE_URL: openai.baseURL };
});
afterAll(() => openai.close());
beforeEach(() => openai.reset());

const gate = (baseline: string, candidate: string, extra: Record<string, string> = {}) =>
  runCli(['eval', '--baseline', baseline, '--candidate', candidate, '--test-set', 'cases.json'], {
    cwd: dir,
    env: { ...env, ...extra },
  });

describe('the CI gate: eval --baseline --candidate --test-set', () => {
  it('a candidate that regresses fails the job with a Markdown summary saying so', async () => {
    const summaryFile = path.join(dir, 'summary.md');
    const out = await gate('good.txt', 'rough.txt', { GITHUB_STEP_SUMMARY: summaryFile });
    expect(out.code).toBe(1);
    expect(out.stdout).toContain('## Prompt Perfect: candidate vs baseline');
    expect(out.stdout).toContain('❌ **The candidate is worse**: the whole paired interval is below zero.');
    expect(out.stdout).toMatch(/\| Baseline \(`good\.txt`\) \| \d\.\d\d \| \d\.\d\d to \d\.\d\d \| 12 \|/);
    expect(out.stdout).toMatch(
      /Difference \(candidate − baseline\): \*\*-\d\.\d\d\*\*, paired 95% interval -\d\.\d\d to -\d\.\d\d over 12 cases/,
    );
    expect(readFileSync(summaryFile, 'utf8')).toBe(out.stdout);
    // 12 answers and 12 judgements for each prompt, all through the OpenAI API.
    expect(openai.requests).toHaveLength(48);
  });

  it('a candidate that improves, or changes nothing, passes', async () => {
    const better = await gate('rough.txt', 'good.txt');
    expect(better.code).toBe(0);
    expect(better.stdout).toContain('✅ **The candidate is better**');
    const same = await gate('good.txt', 'good.txt');
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('➖ **No significant difference**');
  });

  it('--format json carries the verdict and both evaluations', async () => {
    const out = await runCli(
      ['eval', '--baseline', 'good.txt', '--candidate', 'rough.txt', '--test-set', 'cases.json', '--format', 'json'],
      { cwd: dir, env },
    );
    expect(out.code).toBe(1);
    const parsed = JSON.parse(out.stdout);
    expect(parsed).toMatchObject({
      regressed: true,
      difference: { n: 12 },
      baseline: { summary: { n: 12 } },
      candidate: { summary: { n: 12 } },
    });
    expect(parsed.difference.high).toBeLessThan(0);
  });

  it('bad input exits 2 and calls no model', async () => {
    writeFileSync(path.join(dir, 'empty.json'), JSON.stringify({ rubric: 'r', cases: [] }));
    const empty = await runCli(
      ['eval', '--baseline', 'good.txt', '--candidate', 'rough.txt', '--test-set', 'empty.json'],
      { cwd: dir, env },
    );
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain("empty.json: 'cases'");
    writeFileSync(path.join(dir, 'one.json'), JSON.stringify({ rubric: 'r', cases: [{ input: 'q' }] }));
    const one = await runCli(['eval', '--baseline', 'good.txt', '--candidate', 'rough.txt', '--test-set', 'one.json'], {
      cwd: dir,
      env,
    });
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('one.json needs at least 2 cases');
    const half = await runCli(['eval', '--baseline', 'good.txt', '--test-set', 'cases.json'], { cwd: dir, env });
    expect(half).toMatchObject({ code: 2 });
    expect(half.stderr).toContain('The gate needs both --baseline and --candidate.');
    const noKey = await runCli(['eval', 'good.txt', '--test-set', 'cases.json'], { cwd: dir });
    expect(noKey.stderr).toContain('Set OPENAI_API_KEY');
    expect(openai.requests).toHaveLength(0);
  });
});

describe('eval and optimize on a test set file', () => {
  it('eval prints the mean with its interval', async () => {
    const out = await runCli(['eval', 'good.txt', '--test-set', 'cases.json'], { cwd: dir, env });
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^Mean \d\.\d\d \(95% interval \d\.\d\d to \d\.\d\d, n=12\)/);
    // Not a terminal: one plain progress line per case on stderr.
    expect(out.stderr.split('\n').filter((l) => /^Case c\d+: \d\/5$/.test(l))).toHaveLength(12);
  });

  it('optimize needs --max-cost, then reports the test-split verdict and the best prompt', async () => {
    const missing = await runCli(['optimize', 'rough.txt', '--test-set', 'cases.json'], { cwd: dir, env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Give --max-cost <US dollars>');
    const out = await runCli(
      ['optimize', 'rough.txt', '--test-set', 'cases.json', '--max-cost', '2', '--max-rounds', '3'],
      { cwd: dir, env },
    );
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Test cases (never used to choose)');
    expect(out.stdout).toContain('Best prompt:');
    expect(out.stderr).toMatch(/^Round 1: /m);
  });
});
