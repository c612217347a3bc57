import { INLINED_STYLESHEET_ATTRIBUTE } from './marker';

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
