export { ACHIEVEMENT_TOAST_MS } from '@prompt-perfect/core/progress/badges';

/** A short pause between two queued toasts so each is seen, and announced, on its own. */
export const ACHIEVEMENT_TOAST_GAP_MS = 250;
