/**
 * The visitor page's first load on Lighthouse's phone profile (bench/mobileLoad.bench.ts), beside a
 * floor page: static HTML with the same form, served by the same server (what one round trip and
 * no script can do). Per page, the median of LOADS cold loads:
 * - first paint (first-contentful-paint);
 * - the prompt box takes typing: it is in the document and painted (the later of the two);
 * - Perfect usable: the script has hydrated (or rendered) the form; the floor's form needs none;
 * - JS on the wire (encoded bytes of scripts).
 * Then Lighthouse's SEO and accessibility scores (the `lighthouse` package, mobile, against the
 * installed Chromium through chrome-launcher's chromePath: nothing is downloaded).
 *
 * `BENCH_LOADS=N` sets the loads per page (11: at 7, medians of this machine moved by +-50 ms between runs).
 * `BENCH_BEFORE_ROOT=/path/to/another/checkout` (installed and built) adds that checkout's front
 * ends, served by this server, as the "before" column, its loads taken in turn with this
 * checkout's (floor, page, floor before, page before...).
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession } from '@playwright/test';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { VISITOR_FORM_ACTION, VISITOR_FORM_PROMPT_FIELD } from '@prompt-perfect/core/contracts/visitorForm';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../e2e/support/chromium';
import { MOBILE_PROFILE, type Server, startServer, throttleLikeAPhone } from './mobileLoad.bench';
import { launchChromium, median } from './pageLoad';

const LOADS = Number(process.env.BENCH_LOADS ?? 11);
const root = path.resolve(import.meta.dirname, '..');

/** The floor: the same form as plain HTML, no stylesheet, no script. */
const FLOOR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Prompt Perfect</title></head><body><main><h1>Perfect your prompt</h1>
<form method="post" action="${VISITOR_FORM_ACTION}"><label for="prompt">Your prompt</label>
<textarea id="prompt" name="${VISITOR_FORM_PROMPT_FIELD}" rows="6"></textarea><button type="submit">Perfect</button></form></main></body></html>`;

interface Load {
  firstPaintMs: number;
  typingMs: number;
  usableMs: number;
  scriptBytes: number;
}

async function scriptBytesOf(cdp: CDPSession) {
  const scripts = new Set<string>();
  let bytes = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Script') scripts.add(e.requestId);
  });
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (scripts.has(e.requestId)) bytes += e.encodedDataLength;
  });
  return () => bytes;
}

/**
 * Measured by the page itself, from a small init script: Playwright's own page probes (waitForFunction
 * and the script it injects) cost 40-140 ms of main thread at CPU x4 and used to run while the page
 * was still parsing, on the floor and the page alike. Node only reads the result, through a bare CDP
 * Runtime.evaluate once a tenth of a second.
 */
const PROBE = `{
  const fp = (window.__firstPaint = {});
  const box = () => document.querySelector('textarea');
  if (box()) fp.boxAt = performance.now();
  else
    new MutationObserver((_, observer) => {
      if (!box()) return;
      fp.boxAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  const hydrated = () => {
    const textarea = document.querySelector('[data-remote] textarea');
    const owned = textarea && Object.keys(textarea).some((key) => key.startsWith('__reactFiber'));
    const perfect = [...document.querySelectorAll('[data-remote] button')].some((b) => b.textContent.trim() === 'Perfect');
    if (owned && perfect) fp.usableAt = performance.now();
    else setTimeout(hydrated, 25);
  };
  new PerformanceObserver((list, observer) => {
    const paint = list.getEntriesByName('first-contentful-paint')[0];
    if (!paint) return;
    fp.paintAt = paint.startTime;
    observer.disconnect();
    hydrated();
  }).observe({ type: 'paint', buffered: true });
}`;

interface Probed {
  boxAt?: number;
  paintAt?: number;
  usableAt?: number;
}

async function probed(cdp: CDPSession, done: (p: Probed) => boolean): Promise<Probed> {
  for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: 'JSON.stringify(window.__firstPaint ?? {})',
      returnByValue: true,
    });
    const p = JSON.parse(String(result.value ?? '{}')) as Probed;
    if (done(p)) return p;
  }
  throw new Error('The page did not paint, or its form was never usable, within 60 s.');
}

async function coldLoad(browser: Browser, url: string, needsScript: boolean): Promise<Load> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await throttleLikeAPhone(page);
  const scriptBytes = await scriptBytesOf(cdp);
  await page.addInitScript(PROBE);
  await page.goto(url, { waitUntil: 'commit' });
  const p = await probed(
    cdp,
    (p) => p.boxAt !== undefined && p.paintAt !== undefined && (!needsScript || p.usableAt !== undefined),
  );
  const firstPaintMs = p.paintAt as number;
  // Typing: the box is in the document and painted (first contentful paint, or later if it came later).
  const typingMs = Math.max(p.boxAt as number, firstPaintMs);
  const usableMs = needsScript ? (p.usableAt as number) : typingMs;
  await page.waitForLoadState('networkidle');
  await context.close();
  return { firstPaintMs, typingMs, usableMs, scriptBytes: scriptBytes() };
}

/**
 * LOADS cold loads of each page, taken in turn (floor, page, floor, page...) so that all see the
 * same moments of a busy machine and their ratio holds; every other round runs backwards, so that
 * no page always comes first or last in a round. Medians per page.
 */
async function measureInTurn(browser: Browser, pages: Array<{ url: string; needsScript: boolean }>) {
  const loads: Load[][] = pages.map(() => []);
  for (let i = 0; i < LOADS; i++) {
    const round = [...pages.keys()];
    for (const n of i % 2 ? round.reverse() : round)
      loads[n]!.push(await coldLoad(browser, pages[n]!.url, pages[n]!.needsScript));
  }
  return loads.map((of) => {
    const m = (pick: (l: Load) => number) => Math.round(median(of.map(pick)));
    return {
      firstPaint: m((l) => l.firstPaintMs),
      typing: m((l) => l.typingMs),
      usable: m((l) => l.usableMs),
      scriptKb: m((l) => l.scriptBytes / 100) / 10,
    };
  });
}

/** Lighthouse's SEO and accessibility scores (0-100) of `url`, its default mobile run. */
async function lighthouseScores(url: string): Promise<{ seo: number; accessibility: number }> {
  const chrome = await launchChrome({ chromePath: CHROMIUM_EXECUTABLE, chromeFlags: CHROMIUM_ARGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['seo', 'accessibility'],
    });
    const categories = result?.lhr.categories;
    return {
      seo: Math.round((categories?.seo?.score ?? 0) * 100),
      accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
    };
  } finally {
    chrome.kill();
  }
}

/** A server for `distRoot`'s built front ends, with the floor page beside the shell's files. */
async function serverFor(distRoot: string): Promise<{ server: Server; cleanup: () => void }> {
  const shellCopy = mkdtempSync(path.join(tmpdir(), 'pp-bench-shell-'));
  cpSync(path.join(distRoot, 'shell/dist'), shellCopy, { recursive: true });
  writeFileSync(path.join(shellCopy, 'floor.html'), FLOOR_PAGE);
  const server = await startServer({
    SHELL_DIST_DIR: shellCopy,
    MFE_TRIAL_DIST_DIR: path.join(distRoot, 'mfe-trial/dist'),
    MFE_WORKSPACE_DIST_DIR: path.join(distRoot, 'mfe-workspace/dist'),
    MFE_PROGRESS_DIST_DIR: path.join(distRoot, 'mfe-progress/dist'),
  });
  return { server, cleanup: () => rmSync(shellCopy, { recursive: true, force: true }) };
}

export async function run(): Promise<Record<string, number | string>> {
  const before = process.env.BENCH_BEFORE_ROOT ? path.resolve(process.env.BENCH_BEFORE_ROOT) : undefined;
  const browser = await launchChromium();
  const figures: Record<string, number | string> = {
    profile: `${MOBILE_PROFILE.latencyMs} ms RTT, ${MOBILE_PROFILE.downKbps / 1000} Mbps down, CPU x${MOBILE_PROFILE.cpuSlowdown}; median of ${LOADS} cold loads`,
  };
  const columns: Array<[string, string]> = [
    ['after', root],
    ...(before ? ([['before', before]] as Array<[string, string]>) : []),
  ];
  const servers: Array<{ label: string; server: Server; cleanup: () => void }> = [];
  try {
    for (const [label, distRoot] of columns) servers.push({ label, ...(await serverFor(distRoot)) });
    // Every column's floor and page loads in one rotation: on a busy machine, before and after see the same moments.
    const measured = await measureInTurn(
      browser,
      servers.flatMap(({ server }) => [
        { url: `${server.baseURL}/floor.html`, needsScript: false },
        { url: `${server.baseURL}/`, needsScript: true },
      ]),
    );
    for (const [n, { label, server }] of servers.entries()) {
      const [floor, page] = [measured[2 * n], measured[2 * n + 1]];
      if (!floor || !page) throw new Error('no loads measured');
      figures[`floor page beside ${label}: first paint (ms)`] = floor.firstPaint;
      figures[`floor page beside ${label}: prompt box takes typing (ms)`] = floor.typing;
      figures[`${label} / floor: first paint`] = Math.round((page.firstPaint / floor.firstPaint) * 100) / 100;
      figures[`${label} / floor: prompt box takes typing`] = Math.round((page.typing / floor.typing) * 100) / 100;
      figures[`${label}: first paint (ms; goal <= 1.5x floor)`] = page.firstPaint;
      figures[`${label}: prompt box takes typing (ms; goal <= 1.5x floor)`] = page.typing;
      figures[`${label}: Perfect usable, hydrated (ms; goal < 1800)`] = page.usable;
      figures[`${label}: JS on the wire (KB; goal < 180)`] = page.scriptKb;
      const scores = await lighthouseScores(`${server.baseURL}/`);
      figures[`${label}: Lighthouse SEO (goal >= 95)`] = scores.seo;
      figures[`${label}: Lighthouse accessibility (goal >= 95)`] = scores.accessibility;
    }
  } finally {
    for (const { server, cleanup } of servers) {
      await server.stop();
      cleanup();
    }
    await browser.close();
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await run();
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(72)} ${v}`);
}
