/**
 * Gateway overhead: the same OpenAI SDK call made directly to a fake upstream that answers at
 * once, and POST /api/generate through proxy-server (signed in with the local identity) to that
 * fake. Sequential p50/p99 and throughput for both, the added latency, then 50 concurrent
 * clients with autocannon against the proxy (and the fake alone, for reference).
 */
import autocannon from 'autocannon';
import OpenAI from 'openai';
import { BENCH_KEY, ms, percentile, startBenchGateway } from './benchGateway';

const WARMUP = 200;
const SEQUENTIAL = 2000;
const CONCURRENT_CLIENTS = 50;
const CONCURRENT_SECONDS = 5;

const BODY = {
  provider: 'openai',
  model: 'gpt-4o-mini',
  systemPrompt: 'You are an expert prompt engineer. Rewrite the task into an optimized prompt.',
  userPrompt: 'Write a short product description for a reusable water bottle.',
};

async function timeSequential(n: number, call: () => Promise<void>) {
  const samples: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await call();
    samples.push(performance.now() - s);
  }
  const totalMs = performance.now() - t0;
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), rps: (n / totalMs) * 1000 };
}

export async function run(): Promise<Record<string, number | string>> {
  const gateway = await startBenchGateway();
  const { fake, cookie } = gateway;
  const server = { url: gateway.url };
  try {
    const client = new OpenAI({ apiKey: BENCH_KEY, baseURL: fake.baseURL, maxRetries: 0, logLevel: 'off' });
    const direct = async () => {
      const c = await client.chat.completions.create({
        model: BODY.model,
        messages: [
          { role: 'system', content: BODY.systemPrompt },
          { role: 'user', content: BODY.userPrompt },
        ],
        max_tokens: 1000,
        temperature: 0.7,
      });
      if (!c.choices[0]?.message?.content) throw new Error('direct call: no content');
    };
    const payload = JSON.stringify(BODY);
    const viaProxy = async () => {
      const res = await fetch(`${server.url}/api/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: payload,
      });
      const json = (await res.json()) as { text?: string; error?: string };
      if (!res.ok || !json.text) throw new Error(`proxy call failed: ${res.status} ${json.error}`);
    };

    // Warm up both paths (JIT, keep-alive sockets), alternating so neither gets a head start.
    for (let i = 0; i < WARMUP; i++) {
      await direct();
      await viaProxy();
    }
    fake.reset();
    const d = await timeSequential(SEQUENTIAL, direct);
    fake.reset();
    const p = await timeSequential(SEQUENTIAL, viaProxy);
    fake.reset();

    const proxyLoad = await autocannon({
      url: `${server.url}/api/generate`,
      method: 'POST',
      connections: CONCURRENT_CLIENTS,
      duration: CONCURRENT_SECONDS,
      headers: { 'content-type': 'application/json', cookie },
      body: payload,
    });
    fake.reset();
    const fakeLoad = await autocannon({
      url: `${fake.baseURL}/chat/completions`,
      method: 'POST',
      connections: CONCURRENT_CLIENTS,
      duration: CONCURRENT_SECONDS,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_KEY}` },
      body: JSON.stringify({ model: BODY.model, messages: [{ role: 'user', content: BODY.userPrompt }] }),
    });
    fake.reset();

    return {
      'sequential calls per path': SEQUENTIAL,
      'direct SDK -> fake p50 (ms)': ms(d.p50),
      'direct SDK -> fake p99 (ms)': ms(d.p99),
      'via proxy /api/generate p50 (ms)': ms(p.p50),
      'via proxy /api/generate p99 (ms)': ms(p.p99),
      'added latency p50 (ms)': ms(p.p50 - d.p50),
      'added latency p99 (ms)': ms(p.p99 - d.p99),
      'direct SDK sequential throughput (req/s)': Math.round(d.rps),
      'via proxy sequential throughput (req/s)': Math.round(p.rps),
      [`via proxy, ${CONCURRENT_CLIENTS} clients: throughput (req/s)`]: Math.round(proxyLoad.requests.average),
      [`via proxy, ${CONCURRENT_CLIENTS} clients: p50 (ms)`]: proxyLoad.latency.p50,
      [`via proxy, ${CONCURRENT_CLIENTS} clients: p99 (ms)`]: proxyLoad.latency.p99,
      [`via proxy, ${CONCURRENT_CLIENTS} clients: errors + non-2xx`]: proxyLoad.errors + proxyLoad.non2xx,
      [`fake alone, ${CONCURRENT_CLIENTS} clients: throughput (req/s)`]: Math.round(fakeLoad.requests.average),
      [`fake alone, ${CONCURRENT_CLIENTS} clients: p99 (ms)`]: fakeLoad.latency.p99,
    };
  } finally {
    await gateway.close();
  }
}
