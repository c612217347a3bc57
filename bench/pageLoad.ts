import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../e2e/support/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
}

export interface LoadedAsset {
  url: string;
  type: 'js' | 'css';
  gzipBytes: number;
}

/** Records every JS and CSS response a page fetches, with its gzip size computed here. */
export function recordAssets(page: Page): LoadedAsset[] {
  const assets: LoadedAsset[] = [];
  page.on('response', async (response) => {
    const url = response.url();
    const type = /\.js(\?|$)/.test(url) ? 'js' : /\.css(\?|$)/.test(url) ? 'css' : null;
    if (!type || !response.ok()) return;
    try {
      const body = await response.body();
      assets.push({ url, type, gzipBytes: gzipSync(body, { level: 9 }).length });
    } catch {
      // response body unavailable (navigation away); ignore
    }
  });
  return assets;
}

export const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
