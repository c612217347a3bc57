/**
 * `prompt-perfect remotes status|release|rollback|canary`: the operator's side of run-time remote
 * releases (the server's /api/admin/remotes), with the admin token from PROMPT_PERFECT_ADMIN_TOKEN.
 * A release the server's compatibility gate refuses prints every reason and exits 1.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { RemoteCanary, RemoteRelease, RemoteStatus } from '@prompt-perfect/core/api/remotes';
import { REMOTE_NAMES } from '@prompt-perfect/core/contracts/remotes';
import { UsageError } from '../input';
import { DEFAULT_URL } from '../settings';

export const REMOTES_HELP = `prompt-perfect remotes: release the shell's remotes at run time (no rebuild, no restart).

Usage:
  prompt-perfect remotes status [--format text|json]
  prompt-perfect remotes release <remote> --url <mf-manifest.json URL> --version <version>
  prompt-perfect remotes rollback <remote>
  prompt-perfect remotes canary <remote> --url <URL> --version <version> --percent <1-100>
  prompt-perfect remotes canary <remote> --end

<remote> is ${REMOTE_NAMES.join(', ')}. Options: --server <url> (default $PROMPT_PERFECT_URL, else ${DEFAULT_URL}),
--by <name> (recorded as who released; default your user name).
Environment: PROMPT_PERFECT_ADMIN_TOKEN, the server's ADMIN_TOKEN.
Exit codes: 0 done; 1 refused by the server (the compatibility gate's reasons are printed); 2 bad usage or a failed call.
`;

const OPTIONS = {
  url: { type: 'string' },
  version: { type: 'string' },
  percent: { type: 'string' },
  end: { type: 'boolean' },
  server: { type: 'string' },
  by: { type: 'string' },
  format: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

class Refused extends Error {}

interface Call {
  server: string;
  token: string;
}

interface Answer {
  error?: string;
  reasons?: string[];
  [key: string]: unknown;
}

async function call<T>(c: Call, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${c.server}${path}`, {
    method,
    headers: { authorization: `Bearer ${c.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  }).catch((err: unknown) => {
    throw new UsageError(`Cannot reach Prompt Perfect at ${c.server}: ${(err as Error).message}.`);
  });
  const text = await res.text();
  let parsed: Answer | undefined;
  try {
    parsed = text ? (JSON.parse(text) as Answer) : undefined;
  } catch {
    throw new UsageError(`${c.server} answered HTTP ${res.status} with no JSON: is it a Prompt Perfect server?`);
  }
  if (res.status === 409) {
    const reasons: string[] = parsed?.reasons ?? [];
    throw new Refused([parsed?.error ?? 'Refused.', ...reasons.map((r) => `  - ${r}`)].join('\n'));
  }
  if (!res.ok) throw new UsageError(parsed?.error ?? `${c.server} answered HTTP ${res.status}.`);
  return parsed as T;
}

const describe = (r: RemoteRelease) =>
  `${r.version} ${r.url}${r.releasedAt ? ` (by ${r.releasedBy}, ${r.releasedAt})` : ' (from the environment)'}${r.failures ? `, ${r.failures} failed loads` : ''}`;

function statusText(remotes: RemoteStatus[]): string {
  return remotes
    .map((s) => {
      const lines = [`${s.remote}: ${describe(s.current)}`];
      if (s.previous) lines.push(`  rollback to: ${describe(s.previous)}`);
      if (s.canary)
        lines.push(
          `  canary ${s.canary.percent}%: ${s.canary.version} ${s.canary.url}, ${s.canary.failures} failed loads`,
        );
      return lines.join('\n');
    })
    .join('\n');
}

function remoteArg(name: string | undefined): string {
  if (!name || !(REMOTE_NAMES as string[]).includes(name))
    throw new UsageError(`Name the remote: ${REMOTE_NAMES.join(', ')}.`);
  return name;
}

function required(value: string | undefined, option: string): string {
  if (!value) throw new UsageError(`${option} is required.`);
  return value;
}

async function run(argv: string[]): Promise<number> {
  const { values: v, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  const [action, name, extra] = positionals;
  if (v.help || !action) {
    process.stdout.write(REMOTES_HELP);
    return v.help ? 0 : 2;
  }
  if (extra !== undefined) throw new UsageError(`Unexpected argument '${extra}'.`);
  const token = process.env.PROMPT_PERFECT_ADMIN_TOKEN;
  if (!token) throw new UsageError("Set PROMPT_PERFECT_ADMIN_TOKEN to the server's ADMIN_TOKEN.");
  const c: Call = { server: (v.server || process.env.PROMPT_PERFECT_URL || DEFAULT_URL).replace(/\/+$/, ''), token };
  const releasedBy = v.by || os.userInfo().username;
  switch (action) {
    case 'status': {
      const { remotes } = await call<{ remotes: RemoteStatus[] }>(c, 'GET', '/api/admin/remotes');
      process.stdout.write(v.format === 'json' ? `${JSON.stringify(remotes, null, 2)}\n` : `${statusText(remotes)}\n`);
      return 0;
    }
    case 'release': {
      const remote = remoteArg(name);
      const body = { url: required(v.url, '--url'), version: required(v.version, '--version'), releasedBy };
      const { release } = await call<{ release: RemoteRelease }>(
        c,
        'POST',
        `/api/admin/remotes/${remote}/releases`,
        body,
      );
      process.stdout.write(`Released ${remote} ${describe(release)}.\n`);
      return 0;
    }
    case 'rollback': {
      const remote = remoteArg(name);
      const { rolledBack, current } = await call<{ rolledBack: RemoteRelease; current: RemoteRelease }>(
        c,
        'POST',
        `/api/admin/remotes/${remote}/rollback`,
      );
      process.stdout.write(`Rolled ${remote} back from ${rolledBack.version} to ${describe(current)}.\n`);
      return 0;
    }
    case 'canary': {
      const remote = remoteArg(name);
      if (v.end) {
        await call(c, 'DELETE', `/api/admin/remotes/${remote}/canary`);
        process.stdout.write(`Ended the ${remote} canary.\n`);
        return 0;
      }
      const percent = Number(required(v.percent, '--percent'));
      const body = { url: required(v.url, '--url'), version: required(v.version, '--version'), percent, releasedBy };
      const { canary } = await call<{ canary: RemoteCanary }>(c, 'PUT', `/api/admin/remotes/${remote}/canary`, body);
      process.stdout.write(`Canary of ${remote}: ${canary.version} for ${canary.percent}% of visitors and users.\n`);
      return 0;
    }
    default:
      throw new UsageError(`Unknown remotes action '${action}': status, release, rollback or canary.`);
  }
}

export async function runRemotes(argv: string[]): Promise<number> {
  try {
    return await run(argv);
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    process.stderr.write(`prompt-perfect: ${err.message}\n`);
    return 1;
  }
}
