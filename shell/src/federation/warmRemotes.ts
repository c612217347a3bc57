/**
 * Start-up without a waterfall: the remote the first screen will most likely need starts loading
 * while the session is still being asked for (the page has already preloaded the visitor remote's
 * files), and a signed-in user's other remotes are fetched once the browser is idle. The page's
 * session decides when the server wrote one in; otherwise what this browser saw last time (a wrong
 * guess only costs the download).
 */
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { sessionInPage } from '../auth/local/earlySession';
import { whenIdle } from '../layout/whenIdle';
import { loadExposed } from './loadExposed';

const LAST_STATUS_KEY = 'promptPerfectLastAuthStatus';

function lastStatus(): string | null {
  try {
    return window.localStorage.getItem(LAST_STATUS_KEY);
  } catch {
    return null;
  }
}

/** A failed warm-up is not an error: the slot that needs the remote loads it again and shows its fallback. */
const warm = (load: () => Promise<unknown>) => void load().catch(() => undefined);

export function warmRemotes(): void {
  const inPage = sessionInPage();
  const signedIn = inPage ? inPage.user !== null : lastStatus() === 'signed-in';
  if (signedIn) warm(() => loadExposed('workspace', 'WorkspaceApp'));
  else warm(() => loadExposed('trial', 'TrialApp'));

  let prefetched = false;
  useAuthStore.subscribe((state) => {
    if (state.status === 'loading') return;
    try {
      window.localStorage.setItem(LAST_STATUS_KEY, state.status);
    } catch {
      // storage full or blocked: the next start just guesses "visitor"
    }
    if (state.status === 'signed-in' && !prefetched) {
      prefetched = true;
      whenIdle(() => {
        warm(() => loadExposed('workspace', 'WorkspaceApp'));
        warm(() => loadExposed('progress', 'ProgressModal'));
        warm(() => loadExposed('progress', 'AchievementToaster'));
      });
    }
  });
}
