/**
 * The documented command that runs [prove] against a real provider (bench/proveReal.ts), run here
 * against the fake OpenAI playing the simulated model, so the command a user copies is known to work.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '@prompt-perfect/test-support/fakes/fakeOpenAI';
import type { FakeUpstream } from '@prompt-perfect/test-support/fakes/types';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

describe('bench/proveReal.ts', () => {
  let openai: FakeUpstream;
  beforeAll(async () => {
    openai = await startFakeOpenAI();
    openai.simulateAnswers(true);
  });
  afterAll(() => openai.close());

  it('with a key, runs one optimization through the real server and prints the test-split headline', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/proveReal.ts'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: openai.baseURL,
        PROVE_ROUNDS: '4',
        PROVE_CASES: '12',
      },
      timeout: 60_000,
    });
    expect(stdout).toContain('Prove on openai: gpt-4o-mini, judged by gpt-4o');
    expect(stdout).toMatch(
      /^test split \(headline\): [\d.]+ -> [\d.]+ on 5 cases, difference [\d.]+ \(95% [\d.-]+ to [\d.]+\): better$/m,
    );
    expect(stdout).toMatch(/^validation \(chose the edits\): /m);
    expect(openai.requests.length).toBeGreaterThan(0);
  }, 90_000);

  it('without a key it says what to set and exits 2', async () => {
    await expect(
      run(process.execPath, ['--import', 'tsx', 'bench/proveReal.ts'], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH },
      }),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Set OPENAI_API_KEY or ANTHROPIC_API_KEY'),
    });
  });
});
