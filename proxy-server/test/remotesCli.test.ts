/** `prompt-perfect remotes ...` against a running server: status, a refused release, release, canary, rollback. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeRemote,
  SHELL_SHARED,
  startGeneratedRemote,
  trialPrerenderFiles,
} from '@prompt-perfect/test-support/fakes/fakeRemote';
import { request, startTestEnv, tempDir, type TestEnv } from './helpers';
import { cli } from './cliProcess';

const ADMIN_TOKEN = 'cli-admin-token-0123456789abcdefghijkl';

const remotes = (args: string[], env: Record<string, string>) =>
  cli(['remotes', ...args], { HOME: process.env.HOME ?? '', ...env });

describe('prompt-perfect remotes', () => {
  let env: TestEnv;
  let good: FakeRemote;
  let oldReact: FakeRemote;
  let cliEnv: Record<string, string>;

  beforeAll(async () => {
    const shell = tempDir('pp-shell-');
    mkdirSync(shell, { recursive: true });
    writeFileSync(path.join(shell, 'mf-manifest.json'), JSON.stringify({ shared: SHELL_SHARED }));
    env = await startTestEnv({ env: { ADMIN_TOKEN, SHELL_DIST_DIR: shell } });
    const trial = {
      container: 'mfe_trial',
      exposes: ['./TrialApp'],
      contractVersion: 2,
      cors: 'all' as const,
      files: trialPrerenderFiles('Perfect your prompt'),
    };
    good = await startGeneratedRemote({ ...trial, shared: SHELL_SHARED });
    oldReact = await startGeneratedRemote({
      ...trial,
      shared: SHELL_SHARED.map((s) => (s.name === 'react' ? { ...s, requiredVersion: '^18.2.0' } : s)),
    });
    cliEnv = { PROMPT_PERFECT_URL: env.url, PROMPT_PERFECT_ADMIN_TOKEN: ADMIN_TOKEN };
  });
  afterAll(async () => {
    await env.close();
    await good.stop();
    await oldReact.stop();
  });

  it('releases, canaries and rolls back; a refused release prints every reason and exits 1', {
    timeout: 120_000,
  }, async () => {
    const refused = await remotes(['release', 'trial', '--url', oldReact.manifestUrl, '--version', '1.9.0'], cliEnv);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `prompt-perfect: The trial remote at ${oldReact.manifestUrl} cannot be released: 1 problem.\n` +
        "  - It needs react ^18.2.0, which the shell's react 19.2.0 does not satisfy.\n",
    );

    const released = await remotes(
      ['release', 'trial', '--url', good.manifestUrl, '--version', '2.0.0', '--by', 'ada'],
      cliEnv,
    );
    expect(released.code).toBe(0);
    expect(released.stdout).toMatch(new RegExp(`^Released trial 2\\.0\\.0 ${good.manifestUrl} \\(by ada, 20`));
    expect((await request(`${env.url}/api/remotes`)).body.remotes.trial.version).toBe('2.0.0');

    const canary = await remotes(
      ['canary', 'workspace', '--url', good.manifestUrl, '--version', '5.1.0', '--percent', '10'],
      cliEnv,
    );
    // The workspace contract is not what this remote exposes: refused, nothing set.
    expect(canary.code).toBe(1);
    expect(canary.stderr).toContain("  - Its container is named 'mfe_trial'; the shell loads 'mfe_workspace'.\n");
    expect(
      (await remotes(['canary', 'trial', '--url', good.manifestUrl, '--version', '2.1.0', '--percent', '10'], cliEnv))
        .stdout,
    ).toBe('Canary of trial: 2.1.0 for 10% of visitors and users.\n');

    const status = await remotes(['status'], cliEnv);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`trial: 2.0.0 ${good.manifestUrl} (by ada, `);
    expect(status.stdout).toContain('  rollback to: initial /remotes/trial/mf-manifest.json (from the environment)\n');
    expect(status.stdout).toContain(`  canary 10%: 2.1.0 ${good.manifestUrl}, 0 failed loads\n`);
    expect(status.stdout).toContain('workspace: initial /remotes/workspace/mf-manifest.json (from the environment)\n');

    const back = await remotes(['rollback', 'trial'], cliEnv);
    expect(back.stdout).toBe(
      'Rolled trial back from 2.0.0 to initial /remotes/trial/mf-manifest.json (from the environment).\n',
    );
    const again = await remotes(['rollback', 'trial'], cliEnv);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(
      'prompt-perfect: The trial remote runs its initial release: there is no earlier one to roll back to.\n',
    );
  });

  it('says what is missing: the token, the remote, an option', { timeout: 60_000 }, async () => {
    expect((await remotes(['status'], { PROMPT_PERFECT_URL: env.url })).stderr).toContain(
      "Set PROMPT_PERFECT_ADMIN_TOKEN to the server's ADMIN_TOKEN.",
    );
    expect((await remotes(['release', 'header', '--url', good.manifestUrl], cliEnv)).stderr).toContain(
      'Name the remote: trial, workspace, progress.',
    );
    expect((await remotes(['release', 'trial', '--url', good.manifestUrl], cliEnv)).stderr).toContain(
      '--version is required.',
    );
    const wrongToken = await remotes(['status'], { ...cliEnv, PROMPT_PERFECT_ADMIN_TOKEN: 'nope' });
    expect(wrongToken.code).toBe(2);
    expect(wrongToken.stderr).toContain('This needs the operator token');
  });
});
