/** The account's webhook: a signed POST to a real local receiver when a label moves, retried with back-off, each delivery listed. */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, signInLocal, startTestEnv, type TestEnv } from './helpers';
import { startReceiver, until } from './webhookReceiver';

describe('/api/prompts/_webhook', () => {
  let env: TestEnv;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const api = (p: string, cookie: string, init: { method?: string; body?: unknown } = {}) =>
    request(`${env.url}/api${p}`, { ...init, cookie });
  const deliveries = async (cookie: string) => (await api('/prompts/_webhook', cookie)).body.deliveries as any[];

  beforeAll(async () => {
    // The receiver is on loopback, an internal address: allowed here as a self-hosted server would.
    env = await startTestEnv({ env: { WEBHOOK_RETRY_BASE_MS: '20', WEBHOOK_ALLOW_PRIVATE: 'true' } });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await env.close();
    await receiver.close();
  });

  async function account(name: string) {
    const cookie = await signInLocal(env.url, name, `${name.toLowerCase()}@example.com`);
    for (const text of ['one', 'two']) await api('/prompts/greeting/versions', cookie, { body: { text } });
    return cookie;
  }

  it('no webhook: a label moves and nothing is sent', async () => {
    const ada = await account('Ada');
    await api('/prompts/greeting/labels/production', ada, { method: 'PUT', body: { version: 1 } });
    expect((await api('/prompts/_webhook', ada)).body).toEqual({ webhook: null, deliveries: [] });
    expect(receiver.received).toEqual([]);
  });

  it('a move and its undo are POSTed, signed with the secret; a move to where the label is sends nothing', async () => {
    const bea = await account('Bea');
    const saved = await api('/prompts/_webhook', bea, { method: 'PUT', body: { url: receiver.url } });
    expect(saved.body).toMatchObject({ url: receiver.url, secret: expect.stringMatching(/^whsec_/) });
    receiver.received.length = 0;
    await api('/prompts/greeting/labels/production', bea, { method: 'PUT', body: { version: 2 } });
    await api('/prompts/greeting/labels/production', bea, { method: 'PUT', body: { version: 2 } });
    await api('/prompts/greeting/labels/production/undo', bea, { body: {} });
    const list = await until(
      () => deliveries(bea),
      (d) => d.length === 2 && d.every((x) => x.status === 'delivered'),
    );
    expect(list.map((d) => [d.status, d.attempts, d.lastResponse])).toEqual([
      ['delivered', 1, 200],
      ['delivered', 1, 200],
    ]);
    expect(receiver.received).toHaveLength(2);
    const [moved, undone] = receiver.received;
    expect(JSON.parse(moved.body)).toMatchObject({
      event: 'label.moved',
      prompt: 'greeting',
      label: 'production',
      fromVersion: null,
      toVersion: 2,
      movedBy: 'Bea',
      undo: false,
    });
    expect(JSON.parse(undone.body)).toMatchObject({ fromVersion: 2, toVersion: null, undo: true });
    const expected = `sha256=${createHmac('sha256', saved.body.secret).update(moved.body).digest('hex')}`;
    expect(moved.headers['x-prompt-perfect-signature']).toBe(expected);
    expect(moved.headers['x-prompt-perfect-event']).toBe('label.moved');
    expect(
      (await api('/prompts/_webhook', await signInLocal(env.url, 'Eve', 'eve@example.com'))).body.deliveries,
    ).toEqual([]);
  });

  it('a failing receiver is tried again with back-off until it answers; one that never does ends failed', async () => {
    const cy = await account('Cy');
    await api('/prompts/_webhook', cy, { method: 'PUT', body: { url: receiver.url } });
    receiver.received.length = 0;
    receiver.answerWith([500, 503]);
    await api('/prompts/greeting/labels/staging', cy, { method: 'PUT', body: { version: 1 } });
    const [retried] = await until(
      () => deliveries(cy),
      (d) => d[0]?.status !== 'pending',
    );
    expect(retried).toMatchObject({ status: 'delivered', attempts: 3, lastResponse: 200, lastError: null });
    expect(receiver.received).toHaveLength(3);

    receiver.answerWith([500, 500, 500, 500]);
    await api('/prompts/greeting/labels/staging', cy, { method: 'PUT', body: { version: 2 } });
    const [failed] = await until(
      () => deliveries(cy),
      (d) => d[0]?.status !== 'pending',
    );
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 4,
      lastResponse: 500,
      lastError: 'The receiver answered 500.',
    });

    const closed = await startReceiver();
    await closed.close();
    await api('/prompts/_webhook', cy, { method: 'PUT', body: { url: closed.url } });
    await api('/prompts/greeting/labels/staging', cy, { method: 'PUT', body: { version: 1 } });
    const [unreachable] = await until(
      () => deliveries(cy),
      (d) => d[0]?.status !== 'pending',
    );
    expect(unreachable).toMatchObject({
      status: 'failed',
      attempts: 4,
      lastResponse: null,
      lastError: expect.stringMatching(/^The receiver could not be reached/),
    });
  });

  it('a bad URL is refused; a removed webhook sends nothing more', async () => {
    const di = await account('Di');
    expect(
      (await api('/prompts/_webhook', di, { method: 'PUT', body: { url: 'ftp://example.com/x' } })).body.error,
    ).toBe("Field 'url' must be an http:// or https:// URL.");
    await api('/prompts/_webhook', di, { method: 'PUT', body: { url: receiver.url } });
    expect((await api('/prompts/_webhook', di, { method: 'DELETE' })).status).toBe(204);
    receiver.received.length = 0;
    await api('/prompts/greeting/labels/production', di, { method: 'PUT', body: { version: 1 } });
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.received).toEqual([]);
    expect((await api('/prompts/_webhook', di)).body).toEqual({ webhook: null, deliveries: [] });
  });
});
