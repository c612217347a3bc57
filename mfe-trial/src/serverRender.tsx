/**
 * The trial remote's server build (dist/server/serverRender.cjs), used by the build-time prerender
 * of the visitor page (tools/prerender.js): the exposed component itself, and the page's words for
 * its head (title, description, link previews, the FAQ as structured data).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import type { PageWords } from '@prompt-perfect/core/contracts/prerender';
import { FAQ_ITEMS, PAGE_CONTENT } from './features/marketing';

export { default as TrialApp } from './App';

export function pageWords(): PageWords {
  return {
    heading: PAGE_CONTENT.heading,
    description: PAGE_CONTENT.lead,
    faq: FAQ_ITEMS.map((item) => ({ question: item.question, answerHtml: renderToStaticMarkup(item.answer) })),
  };
}
