/**
 * Attack-run findings 4 and 10: a client hammering a limit writes one log line per window, not one
 * per request; health checks are never rate limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRefusalLog } from '../src/logging/refusalLog';
import { captureLogs, request, startTestEnv, type TestEnv } from './helpers';

describe('rate-limit refusals in the log', () => {
  let env: TestEnv;
  const logs = captureLogs('info');
  beforeAll(async () => {
    env = await startTestEnv({ logger: logs.logger, env: { RATE_LIMIT_PER_IP: '3' } });
  });
  afterAll(() => env.close());

  it('200 refused requests write one warning, and no request line per 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 203; i++) statuses.push((await request(`${env.url}/api/providers`)).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200);
    const refusals = logs.lines.filter((l) => l.msg?.startsWith('rate limit reached'));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ level: 40, limiter: 'ip', refusalsNotLoggedInPreviousWindow: 0 });
    expect(logs.lines.filter((l) => l.res?.statusCode === 429)).toHaveLength(0);
    expect(JSON.stringify(refusals)).not.toContain('127.0.0.1');
  });

  it('health checks from the same address are never limited', async () => {
    for (let i = 0; i < 20; i++) expect((await request(`${env.url}/api/health`)).status).toBe(200);
  });
});

describe('RefusalLog', () => {
  it('logs the first refusal of each client and window, and reports how many it left out', () => {
    const { logger, lines } = captureLogs('warn');
    const log = createRefusalLog(60_000);
    for (let i = 0; i < 5; i++) log.note('ip', 'a', logger, 1_000 + i);
    log.note('ip', 'b', logger, 1_010);
    log.note('trial', 'a', logger, 1_020);
    expect(lines).toHaveLength(3);
    expect(log.suppressedTotal).toBe(4);
    log.note('ip', 'a', logger, 61_000);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatchObject({ limiter: 'ip', refusalsNotLoggedInPreviousWindow: 4 });
    expect(lines[3].client).toBe(lines[0].client);
    expect(lines[1].client).not.toBe(lines[0].client);
  });
});
