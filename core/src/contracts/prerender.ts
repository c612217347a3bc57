/**
 * What the trial remote's server build gives the build-time prerender of the visitor page
 * (tools/prerender.js): the words of the page's head, from the remote's own content modules.
 */
export interface PageWords {
  heading: string;
  description: string;
  faq: Array<{ question: string; answerHtml: string }>;
}
