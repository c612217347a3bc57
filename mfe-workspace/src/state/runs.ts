/**
 * In-flight model runs (Perfect, Continue Building, Test). Each run gets an AbortSignal; Clear,
 * Use on a favorite and leaving the workspace cancel every run, so a late answer writes nothing
 * and records no stats. Starting a run of a kind also cancels an older run of the same kind.
 */
export type RunKind = 'perfect' | 'continue' | 'test';

const controllers = new Map<RunKind, AbortController>();

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

/** Cancels every run in flight. */
export function cancelRuns(): void {
  for (const controller of controllers.values()) controller.abort();
  controllers.clear();
}
