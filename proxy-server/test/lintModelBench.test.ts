/**
 * Issue 47, item 3: the documented command that measures the model check (bench/lintModel.ts), run
 * against the fake OpenAI on a few prompts of two corpus batches, so the command a user copies with a
 * key is known to work; it prints counts, never a prompt.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_LINT_INSTRUCTION, MODEL_LINT_RULE_IDS } from '@prompt-perfect/core/lint/model/index';
import { startFakeOpenAI } from '@prompt-perfect/test-support/fakes/fakeOpenAI';
import type { FakeUpstream } from '@prompt-perfect/test-support/fakes/types';
import { loadCorpus } from '../../bench/lint-corpus/corpus';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

describe('bench/lintModel.ts', () => {
  let openai: FakeUpstream;
  beforeAll(async () => {
    openai = await startFakeOpenAI();
  });
  afterAll(() => openai.close());

  it('with a key, scores the rules, the model and both per meaning rule, with tokens and cost, and no prompt', async () => {
    const empty = { kind: 'text', text: '{"findings": []}' } as const;
    openai.respondWith(empty, empty, empty, { kind: 'text', text: 'not JSON' });
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'bench/lintModel.ts', '--limit', '2', '--batch', 'hand-written', '--batch', 'clean-seeds'],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseURL },
        timeout: 60_000,
      },
    );
    expect(openai.requests).toHaveLength(4);
    expect(openai.requests.every((r) => r.body.model === 'gpt-4o-mini')).toBe(true);
    expect(openai.requests[0].body.messages[0]).toEqual({ role: 'system', content: MODEL_LINT_INSTRUCTION });

    expect(stdout).toContain('lint model check: openai:gpt-4o-mini');
    expect(stdout).toMatch(/^\[clean-seeds\] 2 prompts; lint-corpus$/m);
    expect(stdout).toMatch(/^\[hand-written\] 2 prompts; lint-corpus$/m);
    for (const rule of MODEL_LINT_RULE_IDS)
      expect(stdout).toMatch(new RegExp(`^ {2}${rule} +rules: precision .* \\| model: precision .* \\| both: `, 'm'));
    expect(stdout).toContain(
      "model calls 4; answers not the schema's JSON 1; findings dropped (quote not in the prompt) 0",
    );
    expect(stdout).toMatch(/^tokens [1-9]\d* in, [1-9]\d* out; cost \$\d+\.\d{4} at gpt-4o-mini's list price$/m);
    for (const item of loadCorpus()
      .filter((i) => i.file === 'hand-written.txt')
      .slice(0, 2))
      expect(stdout).not.toContain(item.prompt.slice(0, 40));
  });
});
