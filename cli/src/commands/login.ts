/** `prompt-perfect login`: checks a personal API token against the server and stores it for later commands. */
import { createInterface } from 'node:readline/promises';
import { UsageError } from '../input';
import { DEFAULT_URL, storeLogin } from '../settings';

async function askToken(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8').trim();
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await rl.question('Paste a personal API token (Settings > API tokens): ')).trim();
  } finally {
    rl.close();
  }
}

export async function runLogin(o: { url?: string; token?: string }): Promise<number> {
  const url = (o.url || process.env.PROMPT_PERFECT_URL || DEFAULT_URL).replace(/\/+$/, '');
  const token = o.token || (await askToken());
  if (!/^pp_[A-Za-z0-9_-]{1,200}$/.test(token))
    throw new UsageError(
      'That is not a personal API token (they start with pp_). Create one in Settings > API tokens.',
    );
  const res = await fetch(`${url}/api/test-sets`, { headers: { authorization: `Bearer ${token}` } }).catch(
    (err: unknown) => {
      throw new UsageError(`Cannot reach Prompt Perfect at ${url}: ${(err as Error).message}.`);
    },
  );
  // 403: a valid token without the read scope; still a token of this server.
  if (res.status === 401)
    throw new UsageError(`${url} does not accept that token (revoked, or made on another server).`);
  if (!res.ok && res.status !== 403)
    throw new UsageError(`${url} answered HTTP ${res.status}: is it a Prompt Perfect server?`);
  const file = await storeLogin({ url, token });
  process.stderr.write(`Logged in to ${url}. The token is stored in ${file} (readable by you only).\n`);
  return 0;
}
