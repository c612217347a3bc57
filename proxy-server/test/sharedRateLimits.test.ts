/**
 * REDIS_URL: two gateway instances count against the same rate limits. When Redis goes away,
 * requests are still served (limits fail open, logged once); when it returns, limits hold again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '@prompt-perfect/test-support/services/redis';
import { captureLogs, request, startTestEnv, type TestEnv } from './helpers';

const UNREACHABLE = 'Redis is unreachable: rate limits are not enforced until it is back';

describe('rate limits shared through Redis', () => {
  let redis: TestRedis;
  const logs = [captureLogs(), captureLogs()];
  let envs: TestEnv[];
  const status = (i: number) => request(`${envs[i % 2].url}/api/trial/status`);
  const ready = (i: number) => request(`${envs[i].url}/api/health/ready`);

  beforeAll(async () => {
    redis = await startRedis();
    envs = await Promise.all(
      logs.map(({ logger }) =>
        startTestEnv({ logger, env: { REDIS_URL: redis.url, RATE_LIMIT_PER_IP: '6', RATE_LIMIT_WINDOW_MS: '600000' } }),
      ),
    );
  }, 30_000);
  afterAll(async () => {
    for (const env of envs ?? []) await env.close();
    await redis?.stop();
  });

  it('the per-IP limit holds across both instances; readiness reports Redis', async () => {
    expect(await ready(0)).toMatchObject({ status: 200, body: { status: 'ready', database: 'ok', redis: 'ok' } });
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push((await status(i)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('with Redis gone, requests are served and the outage is logged once; when it returns, limits hold again', async () => {
    await redis.stop();
    for (let i = 0; i < 6; i++) expect((await status(i)).status).toBe(200);
    expect(await ready(1)).toMatchObject({
      status: 503,
      body: { status: 'unavailable', database: 'ok', redis: 'unreachable' },
    });
    for (const { lines } of logs) expect(lines.filter((l) => l.msg === UNREACHABLE)).toHaveLength(1);

    await redis.start();
    await expect.poll(async () => (await ready(0)).status, { timeout: 10_000 }).toBe(200);
    await expect.poll(async () => (await ready(1)).status, { timeout: 10_000 }).toBe(200);
    // The restarted Redis is empty: a fresh window of 6 requests, shared again.
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push((await status(i)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 200, 429]);
    for (const { lines } of logs)
      expect(lines.filter((l) => l.msg === 'Redis is reachable again: rate limits are enforced')).toHaveLength(1);
  });
});
