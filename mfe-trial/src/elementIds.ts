/**
 * The ids of the trial's labelled elements. Fixed rather than useId(): the release's prerendered
 * fragment is rendered on its own (tools/prerender.js) and hydrated inside the shell, where useId
 * would give other ids (they follow the position in the whole React tree). The trial is on a page
 * once, so fixed ids cannot collide.
 */
export const TRIAL_IDS = {
  lastResultHeading: 'trial-last-result-heading',
  completeHeading: 'trial-complete-heading',
  resultHeading: 'trial-result-heading',
  promptInput: 'trial-prompt',
  promptHint: 'trial-prompt-hint',
  promptError: 'trial-prompt-error',
} as const;
