/**
 * The visitor page's words: shown in the hero, and the page's title, description and link
 * previews (tools/prerender.js writes them into the page's head).
 */
export const PAGE_CONTENT = {
  heading: 'Perfect your prompt',
  lead: 'Describe a task in your own words. Prompt Perfect rewrites it into a clear, specific prompt that gets better answers from AI models.',
} as const;
