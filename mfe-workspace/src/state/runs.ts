/**
 * In-flight model runs (Perfect, Continue Building, Test). Each run gets an AbortSignal. Clear,
 * Use on a favorite and leaving the workspace CANCEL every run: a late answer writes nothing and
 * records no stats. Stop ends one run but KEEPS what it streamed so far. Starting a run of a kind
 * also cancels an older run of the same kind.
 */
export type RunKind = 'perfect' | 'continue' | 'test' | 'compare';

const controllers = new Map<RunKind, AbortController>();
const STOPPED = 'stopped by the user';

export function startRun(kind: RunKind): AbortSignal {
  controllers.get(kind)?.abort();
  const controller = new AbortController();
  controllers.set(kind, controller);
  return controller.signal;
}

/** Forget a finished run (only if it is still the current one of its kind). */
export function endRun(kind: RunKind, signal: AbortSignal): void {
  if (controllers.get(kind)?.signal === signal) controllers.delete(kind);
}

/** Stops a run in flight; its partial answer stays. */
export function stopRun(kind: RunKind): void {
  controllers.get(kind)?.abort(STOPPED);
}

/** True when the run was cancelled (its result is dropped); false while running and after Stop. */
export function wasCancelled(signal: AbortSignal): boolean {
  return signal.aborted && signal.reason !== STOPPED;
}

/** Cancels every run in flight. */
export function cancelRuns(): void {
  for (const controller of controllers.values()) controller.abort();
  controllers.clear();
}
