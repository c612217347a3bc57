/**
 * Streaming overhead: a fake OpenAI upstream streams 50 chunks (CHUNK_GAP_MS apart); the same
 * request is made with the SDK directly (stream: true) and through POST /api/generate/stream
 * (signed in, SSE to the client). Time to first text and total time, p50/p99, for both paths,
 * alternating call by call so machine noise hits both alike. Goal: < 5 ms added to first text.
 */
import OpenAI from 'openai';
import { createStreamParser } from '@prompt-perfect/core/api/stream';
import { BENCH_KEY, ms, percentile, startBenchGateway } from './benchGateway';

const CHUNKS = 50;
const CHUNK_GAP_MS = 2;
const WARMUP = 30;
const RUNS = 300;
const PIECES = Array.from({ length: CHUNKS }, (_, i) => `piece${i} `);

const BODY = {
  provider: 'openai',
  model: 'gpt-4o-mini',
  systemPrompt: 'You are an expert prompt engineer. Rewrite the task into an optimized prompt.',
  userPrompt: 'Write a short product description for a reusable water bottle.',
};

interface Timing {
  firstText: number;
  total: number;
}

function summary(samples: Timing[]) {
  const first = samples.map((s) => s.firstText).sort((a, b) => a - b);
  const total = samples.map((s) => s.total).sort((a, b) => a - b);
  return {
    firstP50: percentile(first, 50),
    firstP99: percentile(first, 99),
    totalP50: percentile(total, 50),
    totalP99: percentile(total, 99),
  };
}

export async function run(): Promise<Record<string, number | string>> {
  const gateway = await startBenchGateway();
  const { fake, cookie } = gateway;
  try {
    const client = new OpenAI({ apiKey: BENCH_KEY, baseURL: fake.baseURL, maxRetries: 0, logLevel: 'off' });
    const direct = async (): Promise<Timing> => {
      const t0 = performance.now();
      let firstText = 0;
      let text = '';
      const stream = await client.chat.completions.create({
        model: BODY.model,
        messages: [
          { role: 'system', content: BODY.systemPrompt },
          { role: 'user', content: BODY.userPrompt },
        ],
        max_tokens: 1000,
        stream: true,
      });
      for await (const chunk of stream) {
        const piece = chunk.choices[0]?.delta?.content;
        if (!piece) continue;
        if (!text) firstText = performance.now() - t0;
        text += piece;
      }
      if (text !== PIECES.join('')) throw new Error('direct stream: wrong text');
      return { firstText, total: performance.now() - t0 };
    };
    const payload = JSON.stringify(BODY);
    const viaProxy = async (): Promise<Timing> => {
      const t0 = performance.now();
      let firstText = 0;
      let text = '';
      const res = await fetch(`${gateway.url}/api/generate/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie },
        body: payload,
      });
      if (!res.ok || !res.body) throw new Error(`proxy stream failed: ${res.status}`);
      const parser = createStreamParser();
      const decoder = new TextDecoder();
      for await (const bytes of res.body) {
        for (const event of parser.push(decoder.decode(bytes, { stream: true }))) {
          if (event.type === 'error') throw new Error(`proxy stream error: ${event.error}`);
          if (event.type !== 'delta') continue;
          if (!text) firstText = performance.now() - t0;
          text += event.text;
        }
      }
      if (text !== PIECES.join('')) throw new Error('proxy stream: wrong text');
      return { firstText, total: performance.now() - t0 };
    };

    const plan = { kind: 'stream' as const, pieces: PIECES, delayMs: CHUNK_GAP_MS };
    const d: Timing[] = [];
    const p: Timing[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      fake.respondWith(plan, plan);
      const a = await direct();
      const b = await viaProxy();
      if (i >= WARMUP) {
        d.push(a);
        p.push(b);
      }
      fake.reset();
    }
    const ds = summary(d);
    const ps = summary(p);
    return {
      'runs per path (50 chunks, 2 ms apart)': RUNS,
      'direct SDK: first text p50 (ms)': ms(ds.firstP50),
      'direct SDK: first text p99 (ms)': ms(ds.firstP99),
      'via proxy: first text p50 (ms)': ms(ps.firstP50),
      'via proxy: first text p99 (ms)': ms(ps.firstP99),
      'added to first text p50 (ms, goal < 5)': ms(ps.firstP50 - ds.firstP50),
      'added to first text p99 (ms)': ms(ps.firstP99 - ds.firstP99),
      'direct SDK: total p50 (ms)': ms(ds.totalP50),
      'via proxy: total p50 (ms)': ms(ps.totalP50),
      'added to total p50 (ms)': ms(ps.totalP50 - ds.totalP50),
      'added to total p99 (ms)': ms(ps.totalP99 - ds.totalP99),
    };
  } finally {
    await gateway.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await run());
