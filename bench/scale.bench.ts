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
const SECONDS = 4;
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
  return {
    rps: Math.round(latencies.length / seconds),
    p50: ms(percentile(latencies, 50)),
    p95: ms(percentile(latencies, 95)),
    failed,
  };
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

const generateBody = JSON.stringify({
  provider: 'openai',
  model: 'gpt-4o-mini',
  systemPrompt: 'Be brief.',
  userPrompt: 'Describe a reusable water bottle.',
});

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

const ROUNDS = 3;

interface Setup {
  label: string;
  urls: string[];
  cookie: string;
  trial: Load[];
  generate: Load[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function figuresOf({ label, trial, generate }: Setup): Record<string, number> {
  const of = (loads: Load[], key: keyof Load) => median(loads.map((l) => l[key]));
  return {
    [`${label}: trial (req/s)`]: of(trial, 'rps'),
    [`${label}: trial p50 (ms)`]: of(trial, 'p50'),
    [`${label}: trial p95 (ms)`]: of(trial, 'p95'),
    [`${label}: generate (req/s)`]: of(generate, 'rps'),
    [`${label}: generate p50 (ms)`]: of(generate, 'p50'),
    [`${label}: generate p95 (ms)`]: of(generate, 'p95'),
    [`${label}: failed requests`]: [...trial, ...generate].reduce((n, l) => n + l.failed, 0),
  };
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
    // The load shares one session: the per-user run cap would refuse most of it.
    USER_MAX_CONCURRENT_RUNS: '1000',
  };
  const instances: GatewayProcess[] = [];
  const started = async (env: Record<string, string>) => {
    const instance = await startGatewayProcess(env);
    instances.push(instance);
    return instance.url;
  };
  try {
    const onePg = { ...common, DATABASE_URL: await postgres.createDatabase() };
    const twoPg = { ...common, DATABASE_URL: await postgres.createDatabase() };
    const layouts: Array<[string, string[]]> = [
      ['SQLite, 1 instance', [await started(common)]],
      ['PostgreSQL, 1 instance', [await started(onePg)]],
      ['PostgreSQL, 2 instances', [await started(twoPg), await started(twoPg)]],
    ];
    const setups: Setup[] = [];
    for (const [label, urls] of layouts) {
      setups.push({ label, urls, cookie: await signIn(urls[0]), trial: [], generate: [] });
      await load(urls, trialRun); // warm-up: JIT, pools, keep-alive sockets
    }
    // Rounds interleave the layouts, so a busy moment on this machine does not fall on one of them only.
    for (let round = 0; round < ROUNDS; round++) {
      for (const setup of setups) {
        setup.trial.push(await load(setup.urls, trialRun));
        setup.generate.push(
          await load(setup.urls, async (url) => {
            const res = await fetch(`${url}/api/generate`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie: setup.cookie },
              body: generateBody,
            });
            await res.arrayBuffer();
            return res.ok;
          }),
        );
      }
    }
    const figures: Record<string, number | string> = {
      'concurrent clients': CLIENTS,
      'medians of rounds of (s)': `${ROUNDS} x ${SECONDS}`,
    };
    for (const setup of setups) Object.assign(figures, figuresOf(setup));
    return figures;
  } finally {
    for (const instance of instances) await instance.stop();
    await postgres.stop();
    await fake.close();
  }
}
