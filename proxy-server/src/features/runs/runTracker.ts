/**
 * Every upstream model call runs through here, so that it is
 * - aborted when the client goes away (the provider sees the connection close),
 * - aborted when a shutdown's grace period ends (the client gets a JSON 503),
 * - aborted, with every later call of the same request, when its user's runs are stopped (Delete my data),
 * - logged for operators when it fails: provider, model, upstream status, kind and duration, never
 *   the prompt or a key.
 */
import type { Request, Response } from 'express';
import { currentUser } from '../../auth/requireUser';
import { type HttpError, ServiceUnavailable } from '../../http/httpError';
import { ProviderError } from '../../providers/providerError';

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

/** The calls of a stopped user's request end with `answer`. */
class StoppedRun extends Error {
  constructor(readonly answer: HttpError) {
    super(answer.message);
    this.name = 'StoppedRun';
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
  /**
   * Aborts the user's calls in flight and refuses every later call of their requests still open
   * (an optimization's next round): each ends with `answer`. Resolves once the aborted calls settled.
   */
  stopUser(userId: string, answer: HttpError, which?: (req: Request) => boolean): Promise<void>;
  /** The user's requests that made a model call and are still open. */
  openRequestsOf(userId: string): Request[];
}

export function createRunTracker(): RunTracker {
  const running = new Map<AbortController, Promise<unknown>>();
  /** Signed-in requests that made a call, until their response closes, by user. */
  const requestsOf = new Map<string, Map<Request, Set<AbortController>>>();
  const stopped = new WeakMap<Request, HttpError>();
  let draining = false;

  /** The set of calls of this request, registered under its user until the response closes. */
  function callsOf(req: Request, res: Response): Set<AbortController> | undefined {
    const userId = currentUser(req)?.id;
    if (!userId) return undefined;
    const requests = requestsOf.get(userId) ?? new Map<Request, Set<AbortController>>();
    requestsOf.set(userId, requests);
    let calls = requests.get(req);
    if (!calls) {
      calls = new Set();
      requests.set(req, calls);
      res.once('close', () => {
        requests.delete(req);
        if (requests.size === 0 && requestsOf.get(userId) === requests) requestsOf.delete(userId);
      });
    }
    return calls;
  }

  async function run<T>(
    req: Request,
    res: Response,
    meta: CallMeta,
    call: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    if (draining) throw new ServiceUnavailable(SERVER_RESTARTING, { headers: { Connection: 'close' } });
    const refused = stopped.get(req);
    if (refused) throw refused;
    const controller = new AbortController();
    const calls = callsOf(req, res);
    calls?.add(controller);
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
        req.log?.warn(
          { ...meta, durationMs: Math.round(performance.now() - startedAt) },
          'upstream call aborted: shutdown grace period over',
        );
        throw new ServiceUnavailable(SERVER_RESTARTING, { headers: { Connection: 'close' } });
      }
      if (controller.signal.reason instanceof StoppedRun) throw controller.signal.reason.answer;
      logFailure(req, meta, err, performance.now() - startedAt);
      throw err;
    } finally {
      running.delete(controller);
      calls?.delete(controller);
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
    openRequestsOf(userId) {
      return [...(requestsOf.get(userId)?.keys() ?? [])];
    },
    async stopUser(userId, answer, which = () => true) {
      const settling: Array<Promise<unknown>> = [];
      for (const [req, calls] of requestsOf.get(userId) ?? []) {
        if (!which(req)) continue;
        stopped.set(req, answer);
        for (const controller of calls) {
          controller.abort(new StoppedRun(answer));
          settling.push(running.get(controller) ?? Promise.resolve());
        }
      }
      await Promise.all(settling);
    },
  };
}

function logFailure(req: Request, meta: CallMeta, err: unknown, durationMs: number): void {
  const fields = {
    ...meta,
    durationMs: Math.round(durationMs),
    kind: err instanceof ProviderError ? err.kind : 'internal',
    upstreamStatus: err instanceof ProviderError ? err.upstreamStatus : undefined,
    err: err instanceof ProviderError ? undefined : err,
  };
  if (fields.kind === 'aborted') {
    req.log?.info(fields, 'upstream call aborted by the client');
    return;
  }
  req.log?.warn(fields, 'upstream call failed');
  if (err instanceof ProviderError && err.upstreamDetail)
    req.log?.debug({ ...meta, upstreamDetail: err.upstreamDetail }, 'upstream error body');
}
