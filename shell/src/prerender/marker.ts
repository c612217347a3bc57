/** On #root when it holds the prerendered visitor page (written by tools/prerender.js, read by bootstrap). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
export const PRERENDERED_VISITOR = 'visitor';
export { INLINED_STYLESHEET_ATTRIBUTE } from '@prompt-perfect/core/contracts/prerender';
