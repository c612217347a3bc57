/**
 * The trial remote's server build (dist/server/serverRender.cjs), run at build time by
 * tools/prerender.js: the exposed component (the shell's prerender renders the page around it), its
 * first screen on its own (the fragment this build ships in prerender.json, which the server puts
 * into the visitor page while this build is the released one), and the words of the page's head.
 */
import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import type { PageWords } from '@prompt-perfect/core/contracts/prerender';
import App from './App';
import { FAQ_ITEMS, PAGE_CONTENT } from './features/marketing';

export { default as TrialApp } from './App';

export function pageWords(): PageWords {
  return {
    heading: PAGE_CONTENT.heading,
    description: PAGE_CONTENT.lead,
    faq: FAQ_ITEMS.map((item) => ({ question: item.question, answerHtml: renderToStaticMarkup(item.answer) })),
  };
}

/** The exposed component's markup on a signed-out visitor's first render, Suspense content included. */
export async function renderFragment(): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App onRequestSignIn={() => undefined} />
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += chunk.toString();
  return html;
}
