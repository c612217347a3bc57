/** Runs `task` once the browser is idle (at the latest after `timeoutMs`); returns a cancel function. */
export function whenIdle(task: () => void, timeoutMs = 5_000): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 1_000);
  return () => clearTimeout(timer);
}
