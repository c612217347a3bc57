/** proxy-server on 127.0.0.1 with OpenAI pointed at a fake, and a signed-in session cookie for it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../proxy-server/src/server';
import { startFakeOpenAI } from '@prompt-perfect/test-support/fakes/fakeOpenAI';
import type { FakeUpstream } from '@prompt-perfect/test-support/fakes/types';

export const BENCH_KEY = 'sk-bench-not-a-real-key';

export interface BenchGateway {
  url: string;
  fake: FakeUpstream;
  /** The signed-in session's Cookie header. */
  cookie: string;
  close(): Promise<void>;
}

export async function startBenchGateway(): Promise<BenchGateway> {
  const fake = await startFakeOpenAI();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pp-bench-'));
  const server = await startServer(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      OPENAI_API_KEY: BENCH_KEY,
      OPENAI_BASE_URL: fake.baseURL,
      ANTHROPIC_API_KEY: undefined,
      AUTH_MODE: 'local',
      CLERK_SECRET_KEY: undefined,
      PROVIDER_MAX_RETRIES: '0',
      SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
      RATE_LIMIT_PER_IP: '10000000',
      RATE_LIMIT_PER_USER: '10000000',
      // 50 concurrent clients share one session: the per-user run cap would refuse most of them.
      // The daily budget stays at its default, so its checks are part of what is measured.
      USER_MAX_CONCURRENT_RUNS: '1000',
    },
    process.env,
  );
  const close = async () => {
    await server.close();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const signIn = await fetch(`${server.url}/api/auth/local/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', email: 'bench@example.com' }),
    });
    if (!signIn.ok) throw new Error(`bench sign-in failed: ${signIn.status}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return { url: server.url, fake, cookie, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export const ms = (x: number) => Number(x.toFixed(3));
