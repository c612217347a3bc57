/** Test helpers: a server on 127.0.0.1:0 with its own data folder, plus fakes and small HTTP helpers. */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Env } from '../src/config';
import { createLogger } from '../src/logging/logger';
import { startServer, type RunningServer } from '../src/server';
import { startFakeAnthropic } from '@prompt-perfect/test-support/fakes/fakeAnthropic';
import { startFakeOpenAI } from '@prompt-perfect/test-support/fakes/fakeOpenAI';
import type { FakeUpstream } from '@prompt-perfect/test-support/fakes/types';

export const OPENAI_TEST_KEY = 'sk-test-OPENAI-SECRET-0123456789';
export const ANTHROPIC_TEST_KEY = 'sk-ant-test-ANTHROPIC-SECRET-9876543210';

/** Every variable the server reads, unset, so a developer's own environment cannot leak in. */
export const CLEAN_ENV: Env = {
  NODE_ENV: 'test',
  PATH: process.env.PATH,
  LOG_LEVEL: 'silent',
  PORT: '0',
  HOST: '127.0.0.1',
  RATE_LIMIT_PER_IP: '100000',
  RATE_LIMIT_PER_USER: '100000',
  RATE_LIMIT_TRIAL_PER_IP: '100000',
  TRIAL_LIMIT_PER_IP: '10',
  SESSION_SECRET: 'test-session-secret-0123456789abcdef',
  // Tests that stop a server with calls in flight say how long they wait; the rest never wait.
  SHUTDOWN_GRACE_MS: '0',
  SHUTDOWN_DRAIN_MS: '0',
};

const createdDirs: string[] = [];

/** A new folder under the system temp dir, removed after the test file (see setup.ts). */
export function tempDir(prefix = 'pp-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  createdDirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of createdDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export interface TestEnv {
  server: RunningServer;
  url: string;
  openai: FakeUpstream;
  anthropic: FakeUpstream;
  dataDir: string;
  restart(extra?: Env): Promise<void>;
  close(): Promise<void>;
}

export interface TestEnvOptions {
  openaiKey?: boolean;
  anthropicKey?: boolean;
  env?: Env;
  logger?: Logger;
}

/** A logger whose JSON lines are collected in `lines` (one parsed object per line). */
export function captureLogs(level = 'info'): { logger: Logger; lines: Array<Record<string, any>> } {
  const lines: Array<Record<string, any>> = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      cb();
    },
  });
  return { logger: createLogger(level, sink), lines };
}

export async function startTestEnv(options: TestEnvOptions = {}): Promise<TestEnv> {
  const openai = await startFakeOpenAI();
  const anthropic = await startFakeAnthropic();
  const dataDir = tempDir();
  const envFor = (extra: Env = {}): Env => ({
    DATA_DIR: dataDir,
    OPENAI_BASE_URL: openai.baseURL,
    ANTHROPIC_BASE_URL: anthropic.baseURL,
    PROVIDER_MAX_RETRIES: '0',
    PROVIDER_TIMEOUT_MS: '5000',
    ...(options.openaiKey !== false ? { OPENAI_API_KEY: OPENAI_TEST_KEY } : {}),
    ...(options.anthropicKey !== false ? { ANTHROPIC_API_KEY: ANTHROPIC_TEST_KEY } : {}),
    ...options.env,
    ...extra,
  });
  const env: TestEnv = {
    server: await startServer(envFor(), CLEAN_ENV, { logger: options.logger }),
    get url() {
      return this.server.url;
    },
    openai,
    anthropic,
    dataDir,
    async restart(extra?: Env) {
      await this.server.close();
      this.server = await startServer(envFor(extra), CLEAN_ENV, { logger: options.logger });
    },
    async close() {
      await this.server.close();
      await openai.close();
      await anthropic.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return env;
}

export interface JsonResponse {
  status: number;
  body: any;
  headers: Headers;
  text: string;
}

export async function request(
  url: string,
  init: { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; cookie?: string } = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  if (init.cookie) headers.cookie = init.cookie;
  const res = await fetch(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, headers: res.headers, text };
}

/**
 * fetch() cannot set Host, Origin or Sec-Fetch-* (forbidden headers in undici), so these requests go
 * through node:http, which sends exactly the headers given: what a browser or a dev proxy would send.
 */
export function send(
  url: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
  method = 'POST',
): Promise<{ status: number; body: any; headers: Record<string, string | string[] | undefined> }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${url}${path}`,
      {
        method,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
            : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let parsed: unknown;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = undefined;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The name=value pairs of every Set-Cookie header, ready for a Cookie header. */
export function cookiesOf(res: JsonResponse): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function signInLocal(url: string, name = 'Ada Lovelace', email = 'ada@example.com'): Promise<string> {
  const res = await request(`${url}/api/auth/local/sign-in`, { body: { name, email } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return cookiesOf(res);
}

export const generateBody = (over: Record<string, unknown> = {}) => ({
  provider: 'openai',
  model: 'gpt-4o',
  systemPrompt: 'You are an expert prompt engineer.',
  userPrompt: 'Write a haiku about databases.',
  ...over,
});
