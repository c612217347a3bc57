/** On #root when it holds the prerendered visitor page (written by tools/prerender.js, read by bootstrap). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
export const PRERENDERED_VISITOR = 'visitor';
/** On the disabled <link> beside each stylesheet tools/prerender.js inlined (see prerender/inlinedStylesheets.ts). */
export const INLINED_STYLESHEET_ATTRIBUTE = 'data-inlined-stylesheet';
/** On each inlined sheet's <style>, its index: the used rules in <head>, the full sheet in the template below. */
export const INLINED_SHEET_ATTRIBUTE = 'data-inlined-sheet';
/** The <template> at the end of the prerendered page holding the inlined sheets in full. */
export const FULL_STYLESHEETS_TEMPLATE_ID = 'full-stylesheets';
