/**
 * Resolves once the browser has painted a frame: a task after the next animation frame's
 * callbacks (the frame they precede is painted before any later task runs). At once when the
 * page is hidden: a hidden page runs no animation frames.
 */
export function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
