import { useEffect, useState } from 'react';
import { fetchTrialStatus } from '@prompt-perfect/shared/api/client';
import { useTrialStore } from '@prompt-perfect/shared/stores/trialStore';

/**
 * Asks the server how many runs this visitor has left and hands the figure to the shared store,
 * where the server wins if it reports fewer (clearing browser storage grants nothing). Returns
 * whether the server runs the offline optimizer (null until it answers, or if it cannot be reached:
 * then the browser's own count stays in charge and the next run reports again).
 */
export function useTrialStatus(): { offline: boolean | null } {
  const [offline, setOffline] = useState<boolean | null>(null);
  useEffect(() => {
    let active = true;
    fetchTrialStatus()
      .then((status) => {
        useTrialStore.getState().syncServerRemaining(status.remaining);
        if (active) setOffline(status.offline);
      })
      .catch(() => {
        // Unreachable server: nothing to sync; a run will show the connection message.
      });
    return () => {
      active = false;
    };
  }, []);
  return { offline };
}
