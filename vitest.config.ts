import { defineConfig } from 'vitest/config';

/** Unit and integration tests. Browser end-to-end tests live in e2e/ and run under Playwright. */
export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one: a single worker here. Most test time waits on
    // servers, child processes and PostgreSQL, so two workers finish in about two thirds of the time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'core',
          root: './core',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'shared',
          root: './shared',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'proxy-server',
          root: './proxy-server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          setupFiles: ['test/setup.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'cli',
          root: './cli',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'sdk',
          root: './sdk',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'sdk-python',
          root: './sdk-python',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'tools',
          root: './tools',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'ui',
          include: [
            'shell/src/**/*.test.{ts,tsx}',
            'mfe-trial/src/**/*.test.{ts,tsx}',
            'mfe-workspace/src/**/*.test.{ts,tsx}',
            'mfe-progress/src/**/*.test.{ts,tsx}',
            'shared/src/**/*.test.tsx',
          ],
          environment: 'happy-dom',
          setupFiles: ['./vitest.setup-dom.ts'],
        },
      },
    ],
  },
});
