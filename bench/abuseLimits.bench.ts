/**
 * What one abusive request costs the server (issue 40): promptfoo imports built to be expensive (many
 * keys in one mapping, deep nesting, an alias bomb) and a JSON body nested deep, each with the
 * latency another request sees meanwhile; the visitor Prompt check with 64 KB of one repeated
 * sentence, alone and 20 at once beside /api/trial/status; and the daily budget's spend reservation
 * (reserve + settle) beside the check + charge it replaced, on SQLite and PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPostgres } from '@prompt-perfect/test-support/services/postgres';
import { openDb } from '../proxy-server/src/db/openSqlite';
import { createDailyBudget } from '../proxy-server/src/features/runs/dailyBudget';
import { openPostgres } from '../proxy-server/src/db/openPostgres';
import { createSpendStore } from '../proxy-server/src/features/runs/spendStore';
import type { SpendStore } from '../proxy-server/src/features/runs/spend';
import { ms, percentile, startBenchGateway } from './benchGateway';

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const SENTENCE = 'Be concise but explain every step in great detail, maybe include some examples etc. ';

/** A request's time, status and answer size; status 0 when the connection was reset. */
async function timed(url: string, init: RequestInit = {}): Promise<{ ms: number; status: number; bytes: number }> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, init);
    const bytes = (await res.arrayBuffer()).byteLength;
    return { ms: performance.now() - t0, status: res.status, bytes };
  } catch {
    return { ms: performance.now() - t0, status: 0, bytes: 0 };
  }
}

/** The request's time, and the worst latency of a health probe sent every 20 ms meanwhile. */
async function withProbe(url: string, probeUrl: string, init: RequestInit) {
  let done = false;
  let worstProbe = 0;
  const probing = (async () => {
    while (!done) {
      worstProbe = Math.max(worstProbe, (await timed(probeUrl)).ms);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const out = await timed(url, init);
  done = true;
  await probing;
  return { ...out, worstProbe };
}

const json = (body: unknown, cookie?: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

async function imports(url: string, cookie: string) {
  const probe = `${url}/api/health`;
  const prompts = 'prompts:\n  - Say hello to {{name}}\n';
  const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}: v`).join('\n');
  const levels = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i < 9; i++)
    levels.push(
      `a${i}: &a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  const cases: Array<[string, string]> = [
    ['20,000 keys in one mapping (190 KB)', `${prompts}${keys(20_000)}\n`],
    ['90,000 keys in one mapping (0.9 MB)', `${prompts}${keys(90_000)}\n`],
    ['490,000-deep [[[ (490 KB)', `${prompts}x: ${'['.repeat(490_000)}`],
    ['alias bomb (10^9 nodes once expanded)', `${prompts}${levels.join('\n')}\n`],
  ];
  const figures: Record<string, string> = {};
  for (const [name, content] of cases) {
    const r = await withProbe(`${url}/api/prompts/_import`, probe, json({ format: 'promptfoo', content }, cookie));
    figures[`import, ${name}: status, time (ms), worst health probe meanwhile (ms)`] =
      `${r.status}, ${Math.round(r.ms)}, ${Math.round(r.worstProbe)}`;
  }
  const deep = `{"text":"Hello","options":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`;
  const r = await withProbe(`${url}/api/prompts/deep/versions`, probe, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: deep,
  });
  figures['version with options nested 5,000 deep: status, time (ms)'] = `${r.status}, ${Math.round(r.ms)}`;
  return figures;
}

async function lint(url: string, cookie: string) {
  const prompt = SENTENCE.repeat(Math.ceil(64_000 / SENTENCE.length)).slice(0, 64_000);
  const visitor = await timed(`${url}/api/lint`, json({ prompt }));
  const signedIn = await timed(`${url}/api/lint`, json({ prompt }, cookie));
  let done = false;
  const statusTimes: number[] = [];
  const probing = (async () => {
    while (!done) statusTimes.push((await timed(`${url}/api/trial/status`)).ms);
  })();
  const t0 = performance.now();
  const many = await Promise.all(Array.from({ length: 20 }, () => timed(`${url}/api/lint`, json({ prompt }))));
  const manyMs = performance.now() - t0;
  done = true;
  await probing;
  return {
    'lint, visitor, 64 KB of one sentence: status, time (ms), answer (KB)': `${visitor.status}, ${Math.round(visitor.ms)}, ${Math.round(visitor.bytes / 1024)}`,
    'lint, signed in, the same 64 KB: status, time (ms), answer (KB)': `${signedIn.status}, ${Math.round(signedIn.ms)}, ${Math.round(signedIn.bytes / 1024)}`,
    'lint, 20 such visitor requests at once: statuses, all answered in (ms)': `${[...new Set(many.map((m) => m.status))].join('/')}, ${Math.round(manyMs)}`,
    'GET /api/trial/status meanwhile: worst (ms)': Math.round(Math.max(0, ...statusTimes)),
  };
}

/** p50 of one budget step, in microseconds, over `runs` calls after a warm-up. */
async function p50us(step: () => Promise<void>, runs = 2_000): Promise<number> {
  for (let i = 0; i < 100; i++) await step();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await step();
    times.push(performance.now() - t0);
  }
  return ms(percentile(sorted(times), 50) * 1000);
}

async function reservation(store: SpendStore) {
  const budget = createDailyBudget(store, { userUsd: 1_000_000, orgUsd: 0 });
  const worst = { input: 50, output: 1_000 };
  const used = { input: 50, output: 120 };
  const reserveSettle = await p50us(async () => {
    const held = await budget.reserve({ userId: 'bench-user' }, 'gpt-4o-mini', worst);
    await held.settle(used);
  });
  // What the budget did before reservations: a check (one read), then a charge (one upsert).
  const checkCharge = await p50us(async () => {
    await budget.check({ userId: 'bench-user' });
    await store.add('bench-user', '2026-01-01', 0.0001);
  });
  return `${reserveSettle} / ${checkCharge} (added ${ms(reserveSettle - checkCharge)})`;
}

export async function run(): Promise<Record<string, number | string>> {
  const gateway = await startBenchGateway();
  const figures: Record<string, number | string> = {};
  try {
    Object.assign(figures, await imports(gateway.url, gateway.cookie));
    Object.assign(figures, await lint(gateway.url, gateway.cookie));
  } finally {
    await gateway.close();
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'pp-bench-spend-'));
  const { connection, db } = await openDb(dir);
  try {
    figures['spend reservation p50, reserve + settle / check + charge (µs): SQLite'] = await reservation(
      createSpendStore(db),
    );
  } finally {
    connection.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const postgres = await startPostgres();
  try {
    const storage = await openPostgres(await postgres.createDatabase(), 60_000);
    try {
      figures['spend reservation p50, reserve + settle / check + charge (µs): PostgreSQL'] = await reservation(
        storage.spend,
      );
    } finally {
      await storage.close();
    }
  } finally {
    await postgres.stop();
  }
  figures['abuse limits budget'] =
    'each abusive import or body refused in well under a second, health probes unaffected; the spend reservation adds under 1 ms';
  return figures;
}

if (process.argv[1]?.endsWith('abuseLimits.bench.ts')) {
  for (const [k, v] of Object.entries(await run())) console.log(`${k.padEnd(100)} ${v}`);
}
