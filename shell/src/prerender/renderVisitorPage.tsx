/**
 * The shell's server build (dist-server/renderVisitorPage.cjs), run at build time by
 * tools/prerender.js: the visitor page exactly as the browser's first render will draw it (a
 * signed-out visitor of the local identity, the trial remote loaded), so `hydrateRoot` adopts it.
 */
import { StrictMode, type ComponentType } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
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
