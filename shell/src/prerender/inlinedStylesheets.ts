import { FULL_STYLESHEETS_TEMPLATE_ID, INLINED_SHEET_ATTRIBUTE, INLINED_STYLESHEET_ATTRIBUTE } from './marker';

/**
 * The prerendered page holds its first screen's CSS inline, each file with a disabled <link> to it
 * (tools/prerender.js). Module Federation takes a stylesheet as already loaded only when a <link>
 * has the very URL it would load, and it loads a remote's files by absolute URL: written out in
 * full, the links of the trial's CSS match, and the file is not fetched a second time.
 */
export function matchInlinedStylesheets(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>(`link[${INLINED_STYLESHEET_ATTRIBUTE}]`))
    link.setAttribute('href', link.href);
}

/**
 * The page painted with only the rules its markup uses; the sheets in full wait, inert, in a
 * template (tools/prerender.js). Each takes the place of its used rules before the scripts render
 * anything new, in the same order, so the cascade is the files' own.
 */
export function restoreFullStylesheets(): void {
  const template = document.getElementById(FULL_STYLESHEETS_TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  for (const full of template.content.querySelectorAll<HTMLStyleElement>(`style[${INLINED_SHEET_ATTRIBUTE}]`)) {
    const index = full.getAttribute(INLINED_SHEET_ATTRIBUTE);
    document.head.querySelector(`style[${INLINED_SHEET_ATTRIBUTE}="${index}"]`)?.replaceWith(full);
  }
  template.remove();
}
