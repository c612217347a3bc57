import { useEffect, useState } from 'react';
import { REMOTES_LISTING_PATH, type RemotesListing } from '@prompt-perfect/core/api/remotes';
import { newerReleaseIn } from './newerRelease';
import { versionsInUse } from './registerAppRemotes';

const CHECK_EVERY_MS = 5 * 60 * 1000;
const CHECK_TIMEOUT_MS = 10_000;

/** True once the server serves a release of some remote other than the one this page runs. */
export function useNewerRelease(): boolean {
  const [newer, setNewer] = useState(false);
  useEffect(() => {
    if (newer) return;
    let stopped = false;
    const check = async () => {
      if (document.visibilityState === 'hidden') return;
      try {
        const response = await fetch(REMOTES_LISTING_PATH, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
        if (!response.ok) return;
        const listing = (await response.json()) as RemotesListing;
        if (!stopped && newerReleaseIn(listing, versionsInUse())) setNewer(true);
      } catch {
        // offline or the server is restarting: ask again later
      }
    };
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    const onVisible = () => document.visibilityState === 'visible' && void check();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [newer]);
  return newer;
}
