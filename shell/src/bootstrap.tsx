import '@design-tokens';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startAccountSyncOnSignIn } from './auth/accountSyncOnSignIn';
import { loadAuthUi } from './auth/authUi';
import { loadRuntimeConfig } from './federation/runtimeConfig';
import { registerAppRemotes } from './federation/registerAppRemotes';
import { warmRemotes } from './federation/warmRemotes';
import { requestSessionEarly } from './auth/local/earlySession';
import { StartupError } from './StartupError';

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  try {
    const config = await loadRuntimeConfig();
    if (config.auth.mode === 'local') requestSessionEarly();
    startAccountSyncOnSignIn();
    registerAppRemotes(config);
    warmRemotes();
    const authUi = await loadAuthUi(config.auth);
    root.render(
      <StrictMode>
        <App authUi={authUi} authConfig={config.auth} />
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    root.render(<StartupError error={error} />);
  }
}

void start();
