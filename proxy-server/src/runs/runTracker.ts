/**
 * Every upstream model call runs through here, so that it is
 * - aborted when the client goes away (the provider sees the connection close),
 * - aborted when a shutdown's grace period ends (the client gets a JSON 503),
 * - logged for operators when it fails: provider, model, upstream status, kind and duration, never
 *   the prompt or a key.
 */
import type { Request, Response } from 'express';
import { HttpError } from '../httpError';
import { ProviderError } from '../providers/providerError';

export const SERVER_RESTARTING = 'The server is restarting. Please try again in a moment.';

interface CallMeta {
  provider: string;
  model: string;
}

class ShutdownAbort extends Error {
  constructor() {
    super('server shutting down');
    this.name = 'ShutdownAbort';
  }
}

export interface RunTracker {
  /** Runs `call` with a signal tied to this response and the server's lifetime. */
  run<T>(req: Request, res: Response, meta: CallMeta, call: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Calls in flight now. */
  readonly active: number;
  /** True once a shutdown has begun: new work is refused. */
  readonly draining: boolean;
  /** Lets calls in flight finish for up to `graceMs`, then aborts the rest and waits for them to settle. */
  drain(graceMs: number): Promise<void>;
}

export function createRunTracker(): RunTracker {
  const running = new Map<AbortController, Promise<unknown>>();
  let draining = false;

  async function run<T>(req: Request, res: Response, meta: CallMeta, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (draining) throw new HttpError(503, SERVER_RESTARTING, {}, { Connection: 'close' });
    const controller = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) controller.abort();
    };
    res.on('close', onClose);
    const startedAt = performance.now();
    const settled = call(controller.signal);
    running.set(
      controller,
      settled.catch(() => undefined),
    );
    try {
      return await settled;
    } catch (err) {
      if (controller.signal.reason instanceof ShutdownAbort) {
        req.log?.warn({ ...meta, durationMs: Math.round(performance.now() - startedAt) }, 'upstream call aborted: shutdown grace period over');
        throw new HttpError(503, SERVER_RESTARTING, {}, { Connection: 'close' });
      }
      logFailure(req, meta, err, performance.now() - startedAt);
      throw err;
    } finally {
      running.delete(controller);
      res.off('close', onClose);
    }
  }

  return {
    run,
    get active() {
      return running.size;
    },
    get draining() {
      return draining;
    },
    async drain(graceMs) {
      draining = true;
      if (running.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), graceMs);
      });
      const allDone = () => Promise.all([...running.values()]).then(() => 'done' as const);
      const outcome = await Promise.race([allDone(), graceOver]);
      clearTimeout(timer);
      if (outcome === 'timeout') {
        for (const controller of running.keys()) controller.abort(new ShutdownAbort());
        await allDone();
      }
    },
  };
}

function logFailure(req: Request, meta: CallMeta, err: unknown, durationMs: number): void {
  const fields = {
    ...meta,
    durationMs: Math.round(durationMs),
    kind: err instanceof ProviderError ? err.kind : 'internal',
    upstreamStatus: err instanceof ProviderError ? err.upstreamStatus : undefined,
    errName: err instanceof ProviderError ? undefined : (err as Error)?.name,
  };
  if (fields.kind === 'aborted') {
    req.log?.info(fields, 'upstream call aborted by the client');
    return;
  }
  req.log?.warn(fields, 'upstream call failed');
  if (err instanceof ProviderError && err.upstreamDetail) req.log?.debug({ ...meta, upstreamDetail: err.upstreamDetail }, 'upstream error body');
}
