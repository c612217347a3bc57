/**
 * Runs the Python client's unittest suite against a real proxy-server on 127.0.0.1, the way an
 * application would use it. Where python3 is missing the suite is skipped with one line saying so.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@prompt-perfect/test-support/services/freePort';
import { request, signInLocal, startTestEnv, type TestEnv } from 'proxy-server/test/helpers';

const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PYTHON = process.env.PYTHON ?? 'python3';

/** `3.9.18` or the like, or undefined when there is no Python 3.9+ to run. */
function pythonVersion(): string | undefined {
  const probe = spawnSync(PYTHON, ['-c', 'import sys; print("%d.%d.%d" % sys.version_info[:3])'], {
    encoding: 'utf8',
  });
  const version = probe.status === 0 ? probe.stdout.trim() : undefined;
  const [major, minor] = (version ?? '0.0').split('.').map(Number);
  return major === 3 && minor >= 9 ? version : undefined;
}

const version = pythonVersion();
if (!version) console.warn(`${PYTHON} (3.9+) not found: the Python client's tests (sdk-python) are skipped.`);

function unittest(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, ['-m', 'unittest', '-v'], {
      cwd: PACKAGE_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        PYTHONPATH: path.join(PACKAGE_DIR, 'src'),
        PYTHONDONTWRITEBYTECODE: '1',
        ...env,
      },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe.skipIf(!version)(`the Python client (prompt_perfect) on Python ${version}`, () => {
  let env: TestEnv;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    env = await startTestEnv();
    const ada = await signInLocal(env.url, 'Ada', 'ada@example.com');
    const token = async (name: string, scopes: string[]) =>
      (await request(`${env.url}/api/tokens`, { body: { name, scopes }, cookie: ada })).body.token as string;
    tokens.PP_READ_TOKEN = await token('app', ['read']);
    tokens.PP_ADMIN_TOKEN = await token('setup', ['read', 'run']);
    tokens.PP_RUN_ONLY_TOKEN = await token('runner', ['run']);
  });
  afterAll(() => env.close());

  it('passes its unittest suite against the running server, none skipped', async () => {
    const { code, output } = await unittest({
      PP_URL: env.url,
      PP_DOWN_URL: `http://127.0.0.1:${await freePort()}`,
      ...tokens,
    });
    expect(output, output).toMatch(/^OK$/m);
    expect(code, output).toBe(0);
    expect(output).not.toMatch(/skipped/);
    expect(output).toMatch(/^Ran 8 tests/m);
  });
});
