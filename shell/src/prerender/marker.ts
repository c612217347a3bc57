/** On #root when it holds the prerendered visitor page (written by tools/prerender.js, read by bootstrap). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
export const PRERENDERED_VISITOR = 'visitor';
/** On the disabled <link> beside each stylesheet tools/prerender.js inlined (see prerender/inlinedStylesheets.ts). */
export const INLINED_STYLESHEET_ATTRIBUTE = 'data-inlined-stylesheet';
