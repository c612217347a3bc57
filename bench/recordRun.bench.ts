/**
 * What recording a run in the account costs: the same signed-in POST /api/generate with and
 * without a `run` record (history row, progress rules, badges in one SQLite transaction),
 * alternating call by call; and POST /api/me/runs, the offline optimizer's record on its own.
 */
import { runRecordOf } from '@prompt-perfect/core/api/account';
import { ms, percentile, startBenchGateway } from './benchGateway';

const WARMUP = 50;
const RUNS = 500;

const OPTIONS = { technique: 'zero-shot', language: 'English', tone: 'Normal' } as const;
const BODY = {
  provider: 'openai',
  model: 'gpt-4o-mini',
  systemPrompt: 'You are an expert prompt engineer. Rewrite the task into an optimized prompt.',
  userPrompt: 'Write a short product description for a reusable water bottle.',
};

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

export async function run(): Promise<Record<string, number | string>> {
  const gateway = await startBenchGateway();
  const { fake, cookie } = gateway;
  const post = async (path: string, body: unknown): Promise<number> => {
    const t0 = performance.now();
    const res = await fetch(`${gateway.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} failed: ${res.status}`);
    return performance.now() - t0;
  };
  try {
    const withRun = { ...BODY, run: runRecordOf('perfect', BODY.userPrompt, OPTIONS) };
    const offline = {
      ...runRecordOf('perfect', BODY.userPrompt, OPTIONS),
      output: 'Write a 120-word product description for a reusable water bottle.',
    };
    const plain: number[] = [];
    const recorded: number[] = [];
    const offlineOnly: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      fake.respondWith({ kind: 'text', text: 'Write a 120-word product description for a reusable water bottle.' });
      const a = await post('/api/generate', BODY);
      const b = await post('/api/generate', withRun);
      const c = await post('/api/me/runs', offline);
      if (i >= WARMUP) {
        plain.push(a);
        recorded.push(b);
        offlineOnly.push(c);
      }
      fake.reset();
    }
    const [p, r, o] = [sorted(plain), sorted(recorded), sorted(offlineOnly)];
    return {
      'runs per path': RUNS,
      'generate without a record p50 (ms)': ms(percentile(p, 50)),
      'generate with a record p50 (ms)': ms(percentile(r, 50)),
      'added by recording p50 (ms)': ms(percentile(r, 50) - percentile(p, 50)),
      'added by recording p99 (ms)': ms(percentile(r, 99) - percentile(p, 99)),
      'POST /api/me/runs (offline record) p50 (ms)': ms(percentile(o, 50)),
      'POST /api/me/runs (offline record) p99 (ms)': ms(percentile(o, 99)),
    };
  } finally {
    await gateway.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await run());
