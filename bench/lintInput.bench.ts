/**
 * Typing into a 20 KB prompt with the Prompt check on (the trial page, the same strip as the
 * workspace): time from each key to the frame that shows it, while typing fast (the check waits for
 * a pause) and while typing slowly (each key lands as the check of the previous one runs), and the
 * main-thread long tasks (over 50 ms) seen meanwhile. Budget: typing never waits on the check.
 */
import type { Page } from '@playwright/test';
import { startProxyServer } from '../e2e/support/server';
import { loadCorpus } from './lint-corpus/corpus';
import { promptOfSize } from './lint.bench';
import { launchChromium, median, percentile } from './pageLoad';

declare global {
  interface Window {
    __keyLatency: number[];
    __longTasks: number;
  }
}

async function typeAndMeasure(
  page: Page,
  keys: string,
  delay: number,
): Promise<{ latencies: number[]; longTasks: number }> {
  await page.evaluate(() => {
    window.__keyLatency = [];
    window.__longTasks = 0;
  });
  await page.keyboard.type(keys, { delay });
  // The last key's check runs after the pause: wait for it, so its work is counted.
  await page.waitForTimeout(600);
  return page.evaluate(() => ({ latencies: window.__keyLatency, longTasks: window.__longTasks }));
}

async function measure(page: Page, prompt: string) {
  await page.goto('/');
  const box = page.getByRole('textbox', { name: 'Your prompt' });
  await box.waitFor();
  await box.fill(prompt);
  await page
    .getByRole('region', { name: 'Prompt check' })
    .getByText(/\d+ findings?$|^No issues found$/)
    .waitFor();
  const findings = await page.locator('[data-testid="prompt-check"] li').count();
  await page.evaluate(() => {
    const area = document.querySelector('textarea')!;
    area.addEventListener('keydown', (event) => {
      const start = event.timeStamp;
      // After the next frame's rendering steps: the key's character is on screen.
      requestAnimationFrame(() => setTimeout(() => window.__keyLatency.push(performance.now() - start), 0));
    });
    new PerformanceObserver((list) => {
      window.__longTasks += list.getEntries().length;
    }).observe({ type: 'longtask' });
  });
  await box.focus();
  await page.keyboard.press('End');
  const fast = await typeAndMeasure(page, ' and add a short summary at the end please', 30);
  const slow = await typeAndMeasure(page, ' then stop here', 350);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const spread = (xs: number[]) => `${round(median(xs))} / ${round(percentile(xs, 95))}`;
  return {
    findings,
    fast: spread(fast.latencies),
    slow: spread(slow.latencies),
    longTasks: `${fast.longTasks} / ${slow.longTasks}`,
  };
}

export async function run(): Promise<Record<string, number | string>> {
  const server = await startProxyServer({ RATE_LIMIT_PER_IP: '100000' });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ baseURL: server.baseURL });
    const items = loadCorpus();
    // The same size, one short prompt repeated: few findings, so little for the strip and the underlines to draw.
    const cleanSeed = items.find((i) => i.id === 'seed-001')!.prompt;
    const clean = Array.from({ length: Math.ceil((20 * 1024) / cleanSeed.length) }, (_, i) =>
      cleanSeed.replace('Quill', `Quill ${i}`),
    ).join('\n\n');
    const few = await measure(page, clean.slice(0, 20 * 1024));
    const busy = await measure(page, promptOfSize(items, 20 * 1024));
    return {
      'prompt check input, 20 KB prompt: findings listed (one prompt repeated / corpus text)': `${few.findings} / ${busy.findings}`,
      'key to frame, typing fast (30 ms apart), median / p95 (ms): few findings': few.fast,
      'key to frame, typing fast (30 ms apart), median / p95 (ms): many findings': busy.fast,
      'key to frame, typing slowly (350 ms, the check runs between keys): few findings': few.slow,
      'key to frame, typing slowly (350 ms, the check runs between keys): many findings': busy.slow,
      'long tasks (> 50 ms) while typing, fast / slow: few findings': few.longTasks,
      'long tasks (> 50 ms) while typing, fast / slow: many findings': busy.longTasks,
      'prompt check input budget':
        'a key is on screen within a frame or two (under 50 ms); no long task from the check',
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('lintInput.bench.ts')) {
  for (const [k, v] of Object.entries(await run())) console.log(`${k.padEnd(90)} ${v}`);
}
