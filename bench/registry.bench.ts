/**
 * Fetching a named prompt by label the way an application does: GET /api/prompts/:name?label=production
 * with a personal `read` token (a full answer, then a revalidation with If-None-Match answered 304),
 * and the SDK's getPrompt within its TTL (memory, no request). GET /api/health gives the floor: an
 * HTTP round trip through the same middleware to a handler that does no work.
 */
import { createPromptClient } from '../sdk/src/index';
import { ms, percentile, startBenchGateway } from './benchGateway';

const WARMUP = 100;
const RUNS = 1_000;
const PROMPT = 'You are a support agent for {{product}}. Answer {{customer}} in two short paragraphs.\n'.repeat(20);

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

async function timed(times: number, work: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < WARMUP + times; i++) {
    const t0 = performance.now();
    await work();
    if (i >= WARMUP) out.push(performance.now() - t0);
  }
  return sorted(out);
}

export async function run(): Promise<Record<string, number | string>> {
  const gateway = await startBenchGateway();
  const { url, cookie } = gateway;
  const post = async (path: string, body: unknown, method = 'POST') => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} failed: ${res.status}`);
    return res.json();
  };
  try {
    for (let v = 0; v < 5; v++)
      await post('/api/prompts/support-reply/versions', { text: `${PROMPT}v${v}`, model: 'gpt-4o-mini' });
    await post('/api/prompts/support-reply/labels/production', { version: 3 }, 'PUT');
    const { token } = (await post('/api/tokens', { name: 'bench', scopes: ['read'] })) as { token: string };
    const target = `${url}/api/prompts/support-reply?label=production`;
    const headers = { authorization: `Bearer ${token}` };
    const first = await fetch(target, { headers });
    const etag = first.headers.get('etag') ?? '';
    await first.arrayBuffer();

    // The floor on this machine: the same HTTP round trip to an endpoint that does no work.
    const floor = await timed(RUNS, async () => (await fetch(`${url}/api/health`)).arrayBuffer());
    const full = await timed(RUNS, async () => (await fetch(target, { headers })).arrayBuffer());
    const revalidated = await timed(RUNS, async () => {
      const res = await fetch(target, { headers: { ...headers, 'if-none-match': etag } });
      if (res.status !== 304) throw new Error(`expected 304, got ${res.status}`);
      await res.arrayBuffer();
    });
    const client = createPromptClient({ baseUrl: url, token, ttlMs: 60_000 });
    const cached = await timed(RUNS * 10, () => client.getPrompt('support-reply', { label: 'production' }));
    return {
      'requests per path': RUNS,
      'GET /api/health (floor) p50 (ms)': ms(percentile(floor, 50)),
      'GET /api/health (floor) p99 (ms)': ms(percentile(floor, 99)),
      'read by label, 200 p50 (ms)': ms(percentile(full, 50)),
      'read by label, 200 p99 (ms)': ms(percentile(full, 99)),
      'revalidated (If-None-Match), 304 p50 (ms)': ms(percentile(revalidated, 50)),
      'revalidated (If-None-Match), 304 p99 (ms)': ms(percentile(revalidated, 99)),
      'SDK getPrompt within TTL p50 (ms)': ms(percentile(cached, 50)),
      'SDK getPrompt within TTL p99 (ms)': ms(percentile(cached, 99)),
      budget: 'p99 under 5 ms for a read',
    };
  } finally {
    await gateway.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await run());
