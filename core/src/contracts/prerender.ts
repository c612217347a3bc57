/**
 * The visitor page's prerender. The trial remote's build ships its first screen beside its
 * mf-manifest.json as `prerender.json` (written by tools/prerender.js from the remote's own server
 * build); the server checks it when the remote is released and puts it into the shell's page, so the
 * page's first paint is the released remote's.
 */

/** The words of the page's head, from the trial remote's own content modules. */
export interface PageWords {
  heading: string;
  description: string;
  faq: Array<{ question: string; answerHtml: string }>;
}

/** The file name, beside the remote's mf-manifest.json. */
export const TRIAL_PRERENDER_FILE = 'prerender.json';
export const TRIAL_PRERENDER_FORMAT = 1;

/** What prerender.json holds. */
export interface TrialPrerender {
  format: typeof TRIAL_PRERENDER_FORMAT;
  /** The exposed TrialApp's markup, as the shell's slot holds it on a signed-out visitor's first render. */
  html: string;
  words: PageWords;
  /** Its first screen's stylesheets (the hashed CSS of the exposed module), relative to the manifest. */
  css: string[];
}

/**
 * Where the shell's prerendered page (shell/dist/visitor.html) leaves the trial's place: the server
 * writes the release's fragment into the slot and its head (words, CSS) before </head>.
 */
export const TRIAL_FRAGMENT_SLOT = '@@prompt-perfect-trial-fragment@@';
export const VISITOR_HEAD_SLOT = '<!--prompt-perfect-visitor-head-->';

const SITE_NAME = 'Prompt Perfect';

/** JSON that cannot end its script element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Title, description, link previews (Open Graph, Twitter) and the FAQ as schema.org data, from the trial's words. */
export function visitorHead(words: PageWords): string {
  const title = `${SITE_NAME}: ${words.heading}`;
  const faq = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: words.faq.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answerHtml },
    })),
  };
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeAttr(content)}">`;
  return [
    `<title>${escapeAttr(title)}</title>`,
    meta('name', 'description', words.description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', title),
    meta('property', 'og:description', words.description),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', words.description),
    // Data, never executed: the page's CSP (script-src 'self') stays free of inline scripts.
    `<script type="application/ld+json">${scriptJson(faq)}</script>`,
  ].join('');
}

/**
 * On the disabled <link> beside each stylesheet inlined into the visitor page (the shell's at build
 * time, the trial release's by the server; see shell/src/prerender/inlinedStylesheets.ts).
 */
export const INLINED_STYLESHEET_ATTRIBUTE = 'data-inlined-stylesheet';
