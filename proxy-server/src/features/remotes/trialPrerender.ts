/**
 * The trial remote's first screen (its build's prerender.json, core/src/contracts/prerender.ts),
 * checked before a page carries it. A release's fragment goes into the visitor page as it is, so
 * anything the page's CSP would not run is refused rather than sanitized (a sanitized fragment would
 * no longer match what the remote hydrates): no script, no inline event handler, no javascript: URL,
 * no element that changes the page around it. Its CSS is inlined like the shell's (url() refused).
 */
import { z } from 'zod';
import {
  INLINED_STYLESHEET_ATTRIBUTE,
  TRIAL_PRERENDER_FILE,
  TRIAL_PRERENDER_FORMAT,
  type TrialPrerender,
  visitorHead,
} from '@prompt-perfect/core/contracts/prerender';

/** What a page of this release carries: the slot's markup, and what goes before </head>. */
export interface TrialFirstScreen {
  fragment: string;
  head: string;
}

export type TrialPrerenderCheck =
  | { ok: true; firstScreen: TrialFirstScreen }
  /** `missing`: the build ships no prerender.json (a build from before prerendered releases). */
  | { ok: false; missing: boolean; problems: string[] };

/** Reads one of the build's files by its path relative to the manifest. */
export type BuildReader = (file: string) => Promise<{ text: string } | { problem: string }>;

export const MAX_PRERENDER_BYTES = 256 * 1024;
export const MAX_CSS_BYTES = 256 * 1024;

const PrerenderFile = z.object({
  format: z.literal(TRIAL_PRERENDER_FORMAT),
  html: z.string().min(1),
  words: z.object({
    heading: z.string().min(1).max(200),
    description: z.string().max(1000),
    faq: z.array(z.object({ question: z.string().max(500), answerHtml: z.string().max(5000) })).max(50),
  }),
  css: z.array(z.string().regex(/^(?!.*\.\.)[\w][\w./-]*\.css$/, 'a relative path to a .css file')).max(10),
});

const FORBIDDEN_ELEMENTS = [
  'script',
  'style',
  'link',
  'meta',
  'base',
  'iframe',
  'frame',
  'object',
  'embed',
  'noscript',
];

/** Every reason the fragment may not go into the page as it is. */
function fragmentProblems(html: string): string[] {
  const problems: string[] = [];
  for (const element of FORBIDDEN_ELEMENTS) {
    if (new RegExp(`<${element}[\\s/>]`, 'i').test(html)) {
      problems.push(
        element === 'script'
          ? 'Its prerendered fragment holds a <script> element: the page runs no inline script (CSP).'
          : `Its prerendered fragment holds a <${element}> element, which would change the page around it.`,
      );
    }
  }
  // An attribute named on... inside a tag: an inline event handler.
  if (/<[a-z][^>]*[\s/"']on[a-z]+\s*=/i.test(html)) {
    problems.push('Its prerendered fragment has an inline event handler (on...=): the page runs none (CSP).');
  }
  if (/<[a-z][^>]*=\s*["']?\s*javascript:/i.test(html)) {
    problems.push('Its prerendered fragment has a javascript: URL: the page runs no inline script (CSP).');
  }
  return problems;
}

const sheet = (href: string, text: string) =>
  `<style>${text.replace(/\/\*# sourceMappingURL=.*?\*\//g, '').replace(/<\/style/gi, '<\\/style')}</style>` +
  // Never fetched; the remote's CSS loader takes the file as loaded (shell/src/prerender/inlinedStylesheets.ts).
  `<link rel="stylesheet" href="${href}" ${INLINED_STYLESHEET_ATTRIBUTE} disabled>`;

/**
 * Reads and checks the build's prerender.json and its CSS. `hrefOf` gives the URL the page loads
 * a CSS file from (the release's own), so the disabled link matches the file the remote would load.
 */
export async function readTrialPrerender(
  read: BuildReader,
  hrefOf: (file: string) => string,
): Promise<TrialPrerenderCheck> {
  const fail = (...problems: string[]): TrialPrerenderCheck => ({ ok: false, missing: false, problems });
  const file = await read(TRIAL_PRERENDER_FILE);
  if ('problem' in file) {
    return {
      ok: false,
      missing: true,
      problems: [
        `Its build ships no ${TRIAL_PRERENDER_FILE} (${file.problem}): the visitor page's first paint needs its prerendered fragment (build it with tools/build-all.js).`,
      ],
    };
  }
  if (Buffer.byteLength(file.text) > MAX_PRERENDER_BYTES) {
    return fail(`Its ${TRIAL_PRERENDER_FILE} is larger than ${MAX_PRERENDER_BYTES / 1024} KiB.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(file.text);
  } catch {
    return fail(`Its ${TRIAL_PRERENDER_FILE} is not JSON.`);
  }
  const parsed = PrerenderFile.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => i.path.join('.') || 'its shape').join(', ');
    return fail(`Its ${TRIAL_PRERENDER_FILE} is not a prerender of format ${TRIAL_PRERENDER_FORMAT} (check ${where}).`);
  }
  // Typed by the contract: the schema and core/src/contracts/prerender.ts cannot drift apart.
  const { html, words, css }: TrialPrerender = parsed.data;
  const problems = fragmentProblems(html);
  const sheets: string[] = [];
  for (const cssFile of css) {
    const read_ = await read(cssFile);
    if ('problem' in read_) problems.push(`Its first screen's CSS ${cssFile} could not be read: ${read_.problem}.`);
    else if (Buffer.byteLength(read_.text) > MAX_CSS_BYTES)
      problems.push(`Its first screen's CSS ${cssFile} is larger than ${MAX_CSS_BYTES / 1024} KiB.`);
    else if (/url\((?!\s*['"]?data:)/.test(read_.text))
      problems.push(`Its first screen's CSS ${cssFile} uses url(), which cannot be inlined into the page.`);
    else sheets.push(sheet(hrefOf(cssFile), read_.text));
  }
  if (problems.length > 0) return fail(...problems);
  return { ok: true, firstScreen: { fragment: html, head: visitorHead(words) + sheets.join('') } };
}
