/**
 * The shell's index.html as served: the runtime configuration written into it as a JSON script
 * element (data, never executed, so the CSP stays free of inline scripts) and preloads for the
 * visitor's remote, so the shell registers remotes at once instead of fetching runtime-config.json
 * first. The built file is read again when it changes, and the preloads follow the remote's current
 * manifest (either may be rebuilt while the server runs).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SessionResponse } from '@prompt-perfect/core/api/types';
import {
  INITIAL_SESSION_ELEMENT_ID,
  RUNTIME_CONFIG_ELEMENT_ID,
  type RuntimeConfig,
} from '@prompt-perfect/core/contracts/runtimeConfig';
import { VISITOR_FORM_TOKEN_META, VISITOR_FORM_TOKEN_PLACEHOLDER } from '@prompt-perfect/core/contracts/visitorForm';
import type { TrialFirstScreen } from '../features/remotes/trialPrerender';
import { preloadTags, type Preload } from './preloads';
import type { PrerenderedPage } from './visitorPage';

/** JSON that cannot end the script element or open a comment inside it. */
function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export interface ShellPage {
  /** The configuration's own releases: what a page loads when it is given none. */
  readonly remotes: RuntimeConfig['remotes'];
  /**
   * The page, or undefined when the shell has not been built. `session` (local identity only) is
   * written in too, so the shell knows who is signed in without asking and loads the right remote.
   * A signed-out visitor gets the prerendered visitor page when there is one; `formToken` then
   * issues the token of its script-less form. `remotes`: the releases this page loads (default: the
   * configuration's own); `trialFirstScreen`: the first screen of its trial release, when it has one.
   */
  html(
    session?: SessionResponse,
    formToken?: () => string,
    remotes?: RuntimeConfig['remotes'],
    trialFirstScreen?: TrialFirstScreen,
  ): string | undefined;
}

/**
 * `preloads(signedIn, remotes)`: what the first screen needs, the workspace's files when the page's
 * user is signed in. `prerendered`: the visitor page around the trial's slot (static/visitorPage.ts).
 */
export function createShellPage(
  shellDir: string,
  config: RuntimeConfig,
  preloads: (signedIn: boolean, remotes: RuntimeConfig['remotes']) => Preload[],
  prerendered?: PrerenderedPage,
): ShellPage {
  const file = path.join(shellDir, 'index.html');
  let source: { mtimeMs: number; text: string } | undefined;

  return {
    remotes: config.remotes,
    html(session, formToken, remotes = config.remotes, trialFirstScreen) {
      const configElement = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${jsonForScriptElement({ ...config, remotes })}</script>`;
      const stat = statSync(file, { throwIfNoEntry: false });
      if (!stat) return undefined;
      if (source?.mtimeMs !== stat.mtimeMs) source = { mtimeMs: stat.mtimeMs, text: readFileSync(file, 'utf8') };
      const sessionElement = session
        ? `<script type="application/json" id="${INITIAL_SESSION_ELEMENT_ID}">${jsonForScriptElement(session)}</script>`
        : '';
      const visitorPage =
        session && !session.user && formToken && trialFirstScreen ? prerendered?.compose(trialFirstScreen) : undefined;
      const pagePreloads = preloads(Boolean(session?.user), remotes);
      // The prerendered page holds the first screen's CSS inline: preloading the files would fetch them for nothing.
      const head =
        configElement +
        sessionElement +
        preloadTags(visitorPage ? pagePreloads.filter((p) => p.as !== 'style') : pagePreloads);
      if (visitorPage) return prerenderedVisitorPage(visitorPage, head, formToken?.() ?? '');
      return source.text.includes('</head>') ? source.text.replace('</head>', `${head}</head>`) : head + source.text;
    },
  };
}

/**
 * The prerendered page (its first screen's CSS inlined): the visitor's form token
 * goes where the prerender left its placeholder, and into a meta element the hydrating script reads.
 */
function prerenderedVisitorPage(page: string, head: string, token: string): string {
  const tokenMeta = `<meta name="${VISITOR_FORM_TOKEN_META}" content="${token}">`;
  return page.replace('</head>', `${head}${tokenMeta}</head>`).replaceAll(VISITOR_FORM_TOKEN_PLACEHOLDER, token);
}
