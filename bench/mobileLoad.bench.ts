/**
 * Cold first load (a new browser context: empty cache) on Lighthouse's mobile profile in headless Chromium over CDP: 150 ms round trip,
 * 1.6 Mbps down, 750 kbps up, CPU slowed 4x. For the visitor page and the signed-in workspace:
 * time until Perfect is usable, bytes on the wire (encoded, as the network carried them), request
 * count and the longest chain of requests each waiting for the one that started it.
 *
 * `BENCH_ROOT=/path/to/another/checkout` measures that checkout's build and server instead (how the
 * before/after figures of a change are taken); the checkout must be installed and built.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { freePort } from '@prompt-perfect/test-support/services/freePort';
import { launchChromium, median } from './pageLoad';

export const MOBILE_PROFILE = { latencyMs: 150, downKbps: 1600, upKbps: 750, cpuSlowdown: 4 };
const LOADS = 5;
const ROOT = path.resolve(process.env.BENCH_ROOT ?? path.resolve(import.meta.dirname, '..'));

/** Lighthouse's phone profile on `page`: its network and a slower CPU. Returns the CDP session. */
export async function throttleLikeAPhone(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE_PROFILE.latencyMs,
    downloadThroughput: (MOBILE_PROFILE.downKbps * 1000) / 8,
    uploadThroughput: (MOBILE_PROFILE.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_PROFILE.cpuSlowdown });
  return cdp;
}

export interface Server {
  baseURL: string;
  stop(): Promise<void>;
}

/** The production server of ROOT (this checkout, or BENCH_ROOT's) on a free port; `env` adds settings such as a provider. */
export async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pp-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'proxy-server/src/index.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_IP: '100000',
      ...env,
    },
    stdio: 'ignore',
    // Its own process group: tsx runs the server in a child process, and both must go at the end.
    detached: true,
  });
  const baseURL = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`${baseURL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseURL,
    async stop() {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Load {
  usableMs: number;
  wireBytes: number;
  scriptBytes: number;
  requests: number;
  longestChain: number;
}

/** Records every request with its initiator and encoded size; computes the longest chain. */
async function watchNetwork(cdp: CDPSession) {
  const byId = new Map<
    string,
    { url: string; initiatorUrl?: string; bytes: number; script: boolean; start: number; end: number }
  >();
  let origin: number | undefined;
  cdp.on('Network.requestWillBeSent', (e) => {
    origin ??= e.timestamp;
    const frames = e.initiator.stack?.callFrames ?? [];
    const initiatorUrl =
      e.initiator.url ??
      frames.find((f) => f.url)?.url ??
      e.initiator.stack?.parent?.callFrames?.find((f) => f.url)?.url;
    const start = (e.timestamp - (origin ?? e.timestamp)) * 1000;
    byId.set(e.requestId, {
      url: e.request.url,
      initiatorUrl,
      bytes: 0,
      script: e.type === 'Script',
      start,
      end: start,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = byId.get(e.requestId);
    if (r) {
      r.bytes = e.encodedDataLength;
      r.end = (e.timestamp - (origin ?? e.timestamp)) * 1000;
    }
  });
  return (usableMs: number) => {
    const requests = [...byId.values()].filter((r) => !r.url.startsWith('data:'));
    // BENCH_LIST=1 prints each load as a waterfall (ms from the first request): where to look when a figure moves.
    if (process.env.BENCH_LIST) {
      console.log(`-- usable at ${Math.round(usableMs)} ms (page clock)`);
      for (const r of [...requests].sort((a, b) => a.start - b.start))
        console.log(
          `${r.start.toFixed(0).padStart(6)} → ${r.end.toFixed(0).padStart(5)} ms ${(r.bytes / 1024).toFixed(1).padStart(6)} KB  ${new URL(r.url).pathname}`,
        );
    }
    const byUrl = new Map(requests.map((r) => [r.url.split('#')[0], r]));
    const depth = (url: string | undefined, seen = new Set<string>()): number => {
      const r = url ? byUrl.get(url) : undefined;
      if (!r || seen.has(r.url)) return 0;
      seen.add(r.url);
      return 1 + depth(r.initiatorUrl, seen);
    };
    return {
      wireBytes: requests.reduce((sum, r) => sum + r.bytes, 0),
      scriptBytes: requests.reduce((sum, r) => sum + (r.script ? r.bytes : 0), 0),
      requests: requests.length,
      longestChain: Math.max(0, ...requests.map((r) => depth(r.url))),
    };
  };
}

async function coldLoad(browser: Browser, server: Server, signedIn: boolean): Promise<Load> {
  const context = await browser.newContext({ baseURL: server.baseURL });
  if (signedIn) {
    const res = await context.request.post('/api/auth/local/sign-in', {
      data: { name: 'Bench', email: 'bench@example.com' },
    });
    if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
  }
  const page: Page = await context.newPage();
  const cdp = await throttleLikeAPhone(page);
  const network = await watchNetwork(cdp);
  await page.goto('/', { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => {
      const box = document.querySelector('[data-remote] textarea');
      const perfect = [...document.querySelectorAll('[data-remote] button')].find(
        (b) => b.textContent?.trim() === 'Perfect',
      );
      return box && perfect ? performance.now() : null;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  const usableMs = (await handle.jsonValue()) as number;
  await page.waitForLoadState('networkidle');
  const figures = network(usableMs);
  await context.close();
  return { usableMs, ...figures };
}

function summary(loads: Load[]) {
  return {
    usable: Math.round(median(loads.map((l) => l.usableMs))),
    kb: Math.round(median(loads.map((l) => l.wireBytes)) / 100) / 10,
    scriptKb: Math.round(median(loads.map((l) => l.scriptBytes)) / 100) / 10,
    requests: median(loads.map((l) => l.requests)),
    chain: median(loads.map((l) => l.longestChain)),
  };
}

export async function run(): Promise<Record<string, number | string>> {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const visitor: Load[] = [];
    const workspace: Load[] = [];
    for (let i = 0; i < LOADS; i++) {
      visitor.push(await coldLoad(browser, server, false));
      workspace.push(await coldLoad(browser, server, true));
    }
    const v = summary(visitor);
    const w = summary(workspace);
    const profile = `${MOBILE_PROFILE.latencyMs} ms RTT, ${MOBILE_PROFILE.downKbps / 1000} Mbps down, CPU x${MOBILE_PROFILE.cpuSlowdown}`;
    return {
      profile,
      measured: ROOT === path.resolve(import.meta.dirname, '..') ? 'this checkout' : ROOT,
      [`visitor: Perfect usable, median of ${LOADS} (ms; goal < 2000)`]: v.usable,
      'visitor: bytes on the wire, all requests (KB)': v.kb,
      'visitor: JS on the wire (KB; goal < 180)': v.scriptKb,
      'visitor: requests': v.requests,
      'visitor: longest request chain': v.chain,
      [`workspace (signed in): Perfect usable, median of ${LOADS} (ms; goal < 3000)`]: w.usable,
      'workspace: bytes on the wire (KB)': w.kb,
      'workspace: JS on the wire (KB)': w.scriptKb,
      'workspace: requests': w.requests,
      'workspace: longest request chain': w.chain,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await run();
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(70)} ${v}`);
}
