/**
 * The shell's server build (dist-server/renderVisitorPage.cjs), run at build time by
 * tools/prerender.js: the visitor page exactly as the browser's first render will draw it (a
 * signed-out visitor of the local identity, the trial remote loaded), so `hydrateRoot` adopts it.
 */
import { StrictMode, type ComponentType } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import type { PageWords } from '@prompt-perfect/core/contracts/prerender';
import type { TrialAppProps } from '@prompt-perfect/core/contracts/remotes';
import { applyLocalSession } from '@prompt-perfect/shared/identity/localSession';
import { App } from '../App';
import { localAuthUi } from '../auth/local/localAuthUi';
import { provideExposed } from '../federation/loadExposed';

export { INLINED_STYLESHEET_ATTRIBUTE, PRERENDERED_ATTRIBUTE, PRERENDERED_VISITOR } from './marker';

/** The markup inside #root, Suspense content (the FAQ) included. */
export async function renderVisitorPage(TrialApp: ComponentType<TrialAppProps>): Promise<string> {
  provideExposed('trial', 'TrialApp', TrialApp);
  applyLocalSession({ mode: 'local', user: null });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App authUi={localAuthUi} authConfig={{ mode: 'local' }} serverPath="/" />
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += chunk.toString();
  return html;
}

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
