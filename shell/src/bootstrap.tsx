import '@design-tokens';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { applyLocalSession } from '@prompt-perfect/shared/identity/localSession';
import { App } from './App';
import { startAccountSyncOnSignIn } from './auth/accountSyncOnSignIn';
import { loadAuthUi } from './auth/authUi';
import { loadRuntimeConfig } from './federation/runtimeConfig';
import { loadExposed } from './federation/loadExposed';
import { activeRelease, registerAppRemotes } from './federation/registerAppRemotes';
import { warmRemotes } from './federation/warmRemotes';
import { requestSessionEarly, sessionInPage } from './auth/local/earlySession';
import { matchInlinedStylesheets } from './prerender/inlinedStylesheets';
import { PRERENDERED_ATTRIBUTE, PRERENDERED_VISITOR } from './prerender/marker';
import { StartupError } from './StartupError';

/**
 * The server sent the prerendered visitor page (the server only does for a visitor of the local
 * identity) and the trial release it was rendered from loaded: hydrate it in place. Otherwise false,
 * and the page is rendered in the browser as before (Clerk, a failure, or the trial's last good
 * release loaded instead: its markup is not the one the page holds).
 */
async function hydratable(container: HTMLElement, config: Awaited<ReturnType<typeof loadRuntimeConfig>>) {
  const session = sessionInPage();
  const prerendered =
    container.getAttribute(PRERENDERED_ATTRIBUTE) === PRERENDERED_VISITOR && window.location.pathname === '/';
  if (!prerendered || config.auth.mode !== 'local' || !session || session.user) return false;
  matchInlinedStylesheets();
  try {
    await loadExposed('trial', 'TrialApp');
  } catch {
    return false;
  }
  if (activeRelease('trial')?.manifestUrl !== config.remotes.trial.manifestUrl) return false;
  // The first render must be the page the server sent: a signed-out visitor, the trial loaded.
  applyLocalSession(session);
  return true;
}

async function start(): Promise<void> {
  const container = document.getElementById('root') as HTMLElement;
  try {
    const config = await loadRuntimeConfig();
    startAccountSyncOnSignIn();
    registerAppRemotes(config);
    const authUiLoading = loadAuthUi(config.auth);
    // Keeps a failure for the await below, not an unhandled rejection meanwhile.
    authUiLoading.catch(() => undefined);
    const hydrate = await hydratable(container, config);
    if (config.auth.mode === 'local' && !hydrate) requestSessionEarly();
    warmRemotes();
    const authUi = await authUiLoading;
    const app = (
      <StrictMode>
        <App authUi={authUi} authConfig={config.auth} />
      </StrictMode>
    );
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  } catch (error) {
    console.error(error);
    createRoot(container).render(<StartupError error={error} />);
  }
}

void start();
