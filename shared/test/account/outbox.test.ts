import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/http';
import { createOutbox, RETRY_FIRST_MS, type OutboxStatus } from '../../src/account/outbox';

type Op = { n: number };

/** The far side of the queue: a server that can be down, or refuse one op. */
function harness() {
  const received: number[] = [];
  const statuses: OutboxStatus[] = [];
  const saved: Op[][] = [];
  const rejected: Array<[number, string]> = [];
  const server = { down: false, refuse: new Set<number>() };
  const outbox = createOutbox<Op>({
    send: async (op) => {
      if (server.down) throw new ApiError('Could not reach the Prompt Perfect server.', 0);
      if (server.refuse.has(op.n)) throw new ApiError('You have 500 favorites.', 409);
      received.push(op.n);
    },
    rejected: (op, message) => rejected.push([op.n, message]),
    save: (ops) => saved.push(ops.map((o) => ({ ...o }))),
    status: (s) => statuses.push(s),
  });
  return { outbox, received, statuses, saved, rejected, server };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createOutbox', () => {
  it('sends in order, one at a time, saving the queue after each change', async () => {
    const h = harness();
    h.outbox.resume([]);
    h.outbox.add({ n: 1 });
    h.outbox.add({ n: 2 });
    await vi.runAllTimersAsync();
    expect(h.received).toEqual([1, 2]);
    expect(h.outbox.pending()).toEqual([]);
    expect(h.saved.at(-1)).toEqual([]);
    expect(h.statuses.at(-1)).toBe('idle');
    expect(h.statuses).toContain('saving');
  });

  it('keeps changes while the server is down and retries with growing pauses, then sends them', async () => {
    const h = harness();
    h.server.down = true;
    h.outbox.resume([{ n: 1 }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.statuses.at(-1)).toBe('retrying');
    h.outbox.add({ n: 2 });
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS + 2 * RETRY_FIRST_MS);
    expect(h.received).toEqual([]);
    expect(h.outbox.pending()).toEqual([{ n: 1 }, { n: 2 }]);
    h.server.down = false;
    await vi.advanceTimersByTimeAsync(4 * RETRY_FIRST_MS);
    expect(h.received).toEqual([1, 2]);
    expect(h.statuses.at(-1)).toBe('idle');
  });

  it('retryNow sends at once instead of waiting out the pause (the browser came back online)', async () => {
    const h = harness();
    h.server.down = true;
    h.outbox.resume([{ n: 7 }]);
    await vi.advanceTimersByTimeAsync(0);
    h.server.down = false;
    h.outbox.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.received).toEqual([7]);
  });

  it('drops a change the server refuses for good, says why, and goes on with the next', async () => {
    const h = harness();
    h.server.refuse.add(1);
    h.outbox.resume([{ n: 1 }, { n: 2 }]);
    await vi.runAllTimersAsync();
    expect(h.rejected).toEqual([[1, 'You have 500 favorites.']]);
    expect(h.received).toEqual([2]);
  });

  it('stop (sign-out) sends nothing more; resume (next sign-in) picks the saved queue up', async () => {
    const h = harness();
    h.server.down = true;
    h.outbox.resume([]);
    h.outbox.add({ n: 1 });
    await vi.advanceTimersByTimeAsync(0);
    h.outbox.stop();
    // What a reload or the next sign-in finds in storage: the unsent change, saved by the outbox itself.
    const saved = h.saved.at(-1);
    expect(saved).toEqual([{ n: 1 }]);
    h.server.down = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.received).toEqual([]);
    h.outbox.resume(saved!);
    await vi.runAllTimersAsync();
    expect(h.received).toEqual([1]);
  });
});
