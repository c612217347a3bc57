/** Copies of this checkout's built remotes, deployed on their own loopback origin as a team would. */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FakeRemote, startStaticRemote } from '@prompt-perfect/test-support/fakes/fakeRemote';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export const TRIAL_HEADING = 'Perfect your prompt';

/**
 * The trial remote's build, its heading changed to `heading` (a visibly different release: its
 * scripts and the prerendered first screen it ships), served with CORS from its own origin.
 * Precompressed copies are left out: they would still say the old text.
 */
export async function deployTrialCopy(heading = TRIAL_HEADING): Promise<FakeRemote & { dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pp-remote-'));
  cpSync(path.join(repoRoot, 'mfe-trial/dist'), dir, {
    recursive: true,
    filter: (source) => !/\.(br|gz)$/.test(source),
  });
  for (const file of readdirSync(dir, { recursive: true }) as string[]) {
    if (!file.endsWith('.js') && file !== 'prerender.json') continue;
    const text = readFileSync(path.join(dir, file), 'utf8');
    if (text.includes(TRIAL_HEADING)) writeFileSync(path.join(dir, file), text.replaceAll(TRIAL_HEADING, heading));
  }
  const remote = await startStaticRemote(dir);
  return {
    ...remote,
    dir,
    async stop() {
      await remote.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Calls the admin API as the CLI does; throws with the gate's reasons when refused. */
export async function adminCall(baseURL: string, token: string, method: string, apiPath: string, body?: unknown) {
  const res = await fetch(`${baseURL}${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}
