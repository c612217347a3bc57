/**
 * A queue of changes waiting for the server. Changes are sent in order, one at a time; a failure
 * the server may get over (no connection, 5xx, 408, 429) keeps the change and retries with
 * growing pauses, while a refusal (another 4xx) drops it and reports why. The queue is written
 * through `save` on every change, so a reload resumes where it stopped and nothing is lost.
 */
import { messageOf } from '@prompt-perfect/core/errors/messageOf';

export type OutboxStatus = 'idle' | 'saving' | 'retrying';

export interface OutboxHandlers<Op> {
  send(op: Op): Promise<void>;
  /** The server refused `op` for good; `message` says why. */
  rejected(op: Op, message: string): void;
  save(ops: Op[]): void;
  status(status: OutboxStatus): void;
}

export interface Outbox<Op> {
  /** Starts from `ops` (a saved queue) and sends them. */
  resume(ops: Op[]): void;
  add(op: Op): void;
  /** Lets the caller rewrite or drop queued ops (e.g. an add cancelled by a remove). */
  update(change: (ops: Op[]) => Op[]): void;
  pending(): Op[];
  /** The op being sent right now, if any (it can no longer be cancelled). */
  sending(): Op | null;
  /** Stops sending (sign-out); queued ops stay saved. */
  stop(): void;
  /** Sends now instead of waiting for the next retry (the browser came back online). */
  retryNow(): void;
}

export const RETRY_FIRST_MS = 1_000;
export const RETRY_MAX_MS = 30_000;

/** A failure the server may get over: no connection, 5xx, 408, 429, or a session that needs renewing. */
export function isRetryable(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 0;
  return status === 0 || status >= 500 || status === 408 || status === 429 || status === 401;
}

export function createOutbox<Op>(handlers: OutboxHandlers<Op>): Outbox<Op> {
  let ops: Op[] = [];
  let running = false;
  let stopped = true;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let generation = 0;
  let inFlight: Op | null = null;

  const persist = () => handlers.save(ops);

  async function drain(run: number): Promise<void> {
    if (running || stopped) return;
    running = true;
    try {
      while (ops.length > 0 && run === generation) {
        handlers.status(failures > 0 ? 'retrying' : 'saving');
        const op = ops[0];
        inFlight = op;
        try {
          await handlers.send(op);
        } catch (error) {
          inFlight = null;
          if (run !== generation) return;
          if (isRetryable(error)) {
            failures += 1;
            handlers.status('retrying');
            const pause = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (failures - 1));
            timer = setTimeout(() => void drain(run), pause);
            return;
          }
          handlers.rejected(op, messageOf(error));
        }
        inFlight = null;
        if (run !== generation) return;
        failures = 0;
        ops = ops.filter((o) => o !== op);
        persist();
      }
      if (run === generation) handlers.status('idle');
    } finally {
      running = false;
    }
  }

  const kick = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    void drain(generation);
  };

  return {
    resume(saved) {
      generation += 1;
      stopped = false;
      running = false;
      failures = 0;
      ops = [...saved];
      kick();
    },
    add(op) {
      ops = [...ops, op];
      persist();
      if (!running && !timer) kick();
    },
    update(change) {
      ops = change(ops);
      persist();
    },
    pending: () => ops,
    sending: () => inFlight,
    stop() {
      generation += 1;
      stopped = true;
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      ops = [];
      inFlight = null;
      handlers.status('idle');
    },
    retryNow() {
      if (timer) kick();
    },
  };
}
