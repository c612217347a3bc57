/**
 * Several instances: trial runs (reserve + commit in the database) and signed-in generate calls
 * (a session lookup each) with 50 concurrent clients, against SQLite with one instance, and
 * PostgreSQL with one and with two instances (clients alternate between them). Each instance is its
 * own process; OpenAI is the fake from test-support, answering at once. All processes share this
 * machine's cores, so the two-instance figure shows the cost of the shared database, not the
 * scaling a second machine would bring.
 */
import { startFakeOpenAI } from '@prompt-perfect/test-support/fakes/fakeOpenAI';
import { startPostgres } from '@prompt-perfect/test-support/services/postgres';
import { ms, percentile } from './benchGateway';
import { type GatewayProcess, startGatewayProcess } from './gatewayProcesses';

const CLIENTS = 50;
const SECONDS = 5;
const SECRET = 'bench-session-secret-0123456789abcdef';

interface Load {
  rps: number;
  p50: number;
  p95: number;
  failed: number;
}

/** CLIENTS loops sending requests for SECONDS, round-robin over the instances. */
async function load(urls: string[], send: (url: string) => Promise<boolean>): Promise<Load> {
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const end = performance.now() + SECONDS * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const url = urls[next++ % urls.length];
      const t0 = performance.now();
      const ok = await send(url).catch(() => false);
      latencies.push(performance.now() - t0);
      if (!ok) failed++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: Math.round(latencies.length / seconds), p50: ms(percentile(latencies, 50)), p95: ms(percentile(latencies, 95)), failed };
}

/** Every trial request comes from a new visitor (no cookie), so each one reserves and commits a run. */
const trialRun = async (url: string) => {
  const res = await fetch(`${url}/api/trial/optimize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"prompt":"a poem about rain"}',
  });
  await res.arrayBuffer();
  return res.ok;
};

const generateBody = JSON.stringify({ provider: 'openai', model: 'gpt-4o-mini', systemPrompt: 'Be brief.', userPrompt: 'Describe a reusable water bottle.' });

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/local/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email: 'bench@example.com' }),
  });
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function scenario(label: string, instances: GatewayProcess[]): Promise<Record<string, number>> {
  const urls = instances.map((i) => i.url);
  try {
    const cookie = await signIn(urls[0]);
    await load(urls, trialRun); // warm-up: JIT, pools, keep-alive sockets
    const trial = await load(urls, trialRun);
    const generate = await load(urls, async (url) => {
      const res = await fetch(`${url}/api/generate`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: generateBody });
      await res.arrayBuffer();
      return res.ok;
    });
    return {
      [`${label}: trial (req/s)`]: trial.rps,
      [`${label}: trial p50 (ms)`]: trial.p50,
      [`${label}: trial p95 (ms)`]: trial.p95,
      [`${label}: generate (req/s)`]: generate.rps,
      [`${label}: generate p50 (ms)`]: generate.p50,
      [`${label}: generate p95 (ms)`]: generate.p95,
      [`${label}: failed requests`]: trial.failed + generate.failed,
    };
  } finally {
    for (const instance of instances) await instance.stop();
  }
}

export async function run(): Promise<Record<string, number | string>> {
  const fake = await startFakeOpenAI();
  const postgres = await startPostgres();
  const common = {
    OPENAI_API_KEY: 'sk-bench-not-a-real-key',
    OPENAI_BASE_URL: fake.baseURL,
    PROVIDER_MAX_RETRIES: '0',
    SESSION_SECRET: SECRET,
    TRIAL_LIMIT_PER_IP: '1000000',
    RATE_LIMIT_PER_IP: '10000000',
    RATE_LIMIT_PER_USER: '10000000',
    RATE_LIMIT_TRIAL_PER_IP: '10000000',
  };
  try {
    const figures: Record<string, number | string> = { 'concurrent clients': CLIENTS, 'seconds per measurement': SECONDS };
    Object.assign(figures, await scenario('SQLite, 1 instance', [await startGatewayProcess(common)]));
    const pg = { ...common, DATABASE_URL: await postgres.createDatabase() };
    Object.assign(figures, await scenario('PostgreSQL, 1 instance', [await startGatewayProcess(pg)]));
    Object.assign(figures, await scenario('PostgreSQL, 2 instances', await Promise.all([startGatewayProcess(pg), startGatewayProcess(pg)])));
    return figures;
  } finally {
    await postgres.stop();
    await fake.close();
  }
}
