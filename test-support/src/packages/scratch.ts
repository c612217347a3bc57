/**
 * Packing a workspace the way `npm publish` would and installing the tarball into a scratch folder
 * outside the repository, offline: what a user of the published package gets, and nothing more.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs a program to its end (never through a shell) and says how it went; a failure is a result, not a throw. */
export function run(
  file: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string | undefined>; input?: string; timeoutMs?: number } = {},
): Promise<Ran> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = execFile(
      file,
      args,
      { cwd: options.cwd, env: options.env ?? process.env, timeout: options.timeoutMs ?? 60_000, maxBuffer: 64 << 20 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
        resolve({ code, stdout, stderr, ms: performance.now() - started });
      },
    );
    child.stdin?.end(options.input ?? '');
  });
}

/** A new folder under the system's temp dir: outside the repository, so no workspace package can leak in. */
export const scratchDir = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix));

/** An environment for npm that cannot reach a registry or read the developer's own npm settings. */
export function offlineNpmEnv(home: string): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH,
    HOME: home,
    npm_config_cache: path.join(home, '.npm'),
    npm_config_userconfig: path.join(home, '.npmrc'),
    npm_config_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    npm_config_loglevel: 'error',
  };
}

/** `npm pack` of the folder into `into`; the tarball's path and size in bytes. */
export async function npmPack(dir: string, into: string): Promise<{ tarball: string; bytes: number }> {
  const out = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', into], {
    cwd: dir,
    env: offlineNpmEnv(into),
  });
  if (out.code !== 0) throw new Error(`npm pack failed in ${dir}:\n${out.stderr}`);
  const [{ filename }] = JSON.parse(out.stdout) as Array<{ filename: string }>;
  const tarball = path.join(into, path.basename(filename));
  return { tarball, bytes: statSync(tarball).size };
}
