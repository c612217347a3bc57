/**
 * Issue 40, items 5 and 3: webhooks reach public addresses only. URLs whose host is or resolves to a
 * loopback, private, link-local (metadata), or unique-local address are refused at save, and again
 * at delivery (a name that resolved elsewhere at save is checked in the connection's own lookup), in
 * both cases without connecting; no credentials in the URL; WEBHOOK_ALLOW_PRIVATE=true allows
 * internal receivers. Retries of a removed webhook or a deleted account are dropped. Every request
 * here stays on loopback: refused addresses are never connected to.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { request, signInLocal, startTestEnv, type TestEnv } from './helpers';
import { startReceiver, until } from './webhookReceiver';

const INTERNAL = 'resolves to an internal address (loopback, private, link-local or metadata)';

let env: TestEnv;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  await env.close();
  await receiver.close();
});

const api = (p: string, cookie: string, init: { method?: string; body?: unknown } = {}) =>
  request(`${env.url}/api${p}`, { ...init, cookie });
const saveHook = (cookie: string, url: string) => api('/prompts/_webhook', cookie, { method: 'PUT', body: { url } });
const moveLabel = (cookie: string, version: number) =>
  api('/prompts/greeting/labels/production', cookie, { method: 'PUT', body: { version } });
async function account(name: string) {
  const cookie = await signInLocal(env.url, name, `${name.toLowerCase()}@example.com`);
  for (const text of ['one', 'two']) await api('/prompts/greeting/versions', cookie, { body: { text } });
  return cookie;
}

describe('webhook addresses', () => {
  it('refuses internal addresses and credentials at save, without calling them', async () => {
    env = await startTestEnv();
    const ada = await account('Ada');
    const port = new URL(receiver.url).port;
    const internal = [
      receiver.url,
      `http://localhost:${port}/hook`,
      `http://[::1]:${port}/hook`,
      `http://0x7f000001:${port}/hook`,
      `http://[::ffff:127.0.0.1]:${port}/hook`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.8/hook',
      'http://192.168.1.20/hook',
      'http://172.20.0.1/hook',
      'http://[fd00::1]/hook',
      'http://[fe80::1]/hook',
      'http://0.0.0.0/hook',
    ];
    for (const url of internal) {
      const saved = await saveHook(ada, url);
      expect({ url, status: saved.status, error: saved.body.error }).toEqual({
        url,
        status: 400,
        error: expect.stringContaining(`Field 'url' ${INTERNAL}`),
      });
    }
    expect(await saveHook(ada, 'https://user:pw@hooks.example.com/x')).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('must not carry a user name or password') },
    });
    expect((await api('/prompts/_webhook', ada)).body.webhook).toBeNull();
    expect(receiver.received).toEqual([]);
  });

  it('checks again at delivery: a receiver allowed when saved is not called once private addresses are refused', async () => {
    env = await startTestEnv({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '20' } });
    const ada = await account('Ada');
    const bea = await account('Bea');
    const port = new URL(receiver.url).port;
    expect((await saveHook(ada, `http://localhost:${port}/hook`)).status).toBe(200);
    expect((await saveHook(bea, receiver.url)).status).toBe(200);
    await moveLabel(ada, 1);
    await until(
      async () => receiver.received.length,
      (n) => n === 1,
    );
    expect(receiver.received).toHaveLength(1);

    await env.restart({ WEBHOOK_ALLOW_PRIVATE: 'false' });
    for (const cookie of [ada, bea]) {
      await moveLabel(cookie, 2);
      const [last] = await until(
        async () => (await api('/prompts/_webhook', cookie)).body.deliveries,
        (d: any[]) => d[0]?.status !== 'pending',
      );
      expect(last).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastResponse: null,
        lastError: expect.stringContaining(`The receiver was not called: the webhook URL ${INTERNAL}`),
      });
    }
    expect(receiver.received).toHaveLength(1);
  });
});

describe('webhook retries', () => {
  it('are dropped once the webhook is removed or the account deleted', async () => {
    env = await startTestEnv({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '150' } });
    const ada = await account('Ada');
    const bea = await account('Bea');
    await saveHook(ada, receiver.url);
    await saveHook(bea, receiver.url);
    receiver.answerWith([500, 500, 500, 500, 500, 500, 500, 500]);

    await moveLabel(ada, 1);
    await moveLabel(bea, 1);
    await until(
      async () => receiver.received.length,
      (n) => n === 2,
    );
    expect((await api('/prompts/_webhook', ada, { method: 'DELETE' })).status).toBe(204);
    expect((await api('/me', bea, { method: 'DELETE' })).status).toBe(204);
    // The first retry was due after 150 ms, the second 600 ms after it.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(receiver.received).toHaveLength(2);
  });
});
