/**
 * The prerendered visitor page (shell/dist/visitor.html, written by tools/prerender.js): the shell's
 * page around an empty trial slot, completed per page with the first screen of the trial release the
 * page loads (features/remotes/trialFirstScreens.ts), so the markup is that release's own and its script
 * hydrates what it rendered. Read again whenever the shell is rebuilt while the server runs.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { TRIAL_FRAGMENT_SLOT, VISITOR_HEAD_SLOT } from '@prompt-perfect/core/contracts/prerender';
import type { TrialFirstScreen } from '../features/remotes/trialPrerender';

export interface PrerenderedPage {
  /** The page with this release's first screen, or undefined when the shell's prerender is missing. */
  compose(firstScreen: TrialFirstScreen): string | undefined;
}

export function createPrerenderedPage(shellDir: string): PrerenderedPage {
  const file = path.join(shellDir, 'visitor.html');
  let cached: { mtimeMs: number | undefined; text: string | undefined } | undefined;

  const template = (): string | undefined => {
    const mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (cached === undefined || cached.mtimeMs !== mtimeMs) {
      const text = mtimeMs === undefined ? undefined : readFileSync(file, 'utf8');
      // A page prerendered before releases carried their fragment has no slots: not served.
      const usable = text?.includes(TRIAL_FRAGMENT_SLOT) && text.includes(VISITOR_HEAD_SLOT) ? text : undefined;
      cached = { mtimeMs, text: usable };
    }
    return cached.text;
  };

  return {
    compose({ fragment, head }) {
      // Functions as replacements: a $ in the fragment is text, not a replacement pattern. The slot
      // first: the head's words could hold its marker, and the head's slot comes before the fragment.
      return template()
        ?.replace(TRIAL_FRAGMENT_SLOT, () => fragment)
        .replace(VISITOR_HEAD_SLOT, () => head);
    },
  };
}
