import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './e2e/support/chromium';

/**
 * End-to-end tests of the composed production build in Debian's Chromium. Every test starts its
 * own proxy-server (fresh data folder) and fake model providers, and stops them afterwards.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  workers: 2,
  // A stray test.only would silently skip the rest of the suite in CI.
  forbidOnly: Boolean(process.env.CI),
  // A journey takes 10-30 s alone; two workers on a busy 2-core machine can triple that.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
});
