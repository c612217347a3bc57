import { useCallback, useEffect, useRef, useState } from 'react';
import { optimizeTrial } from '@prompt-perfect/shared/api/client';
import { mapTrialError } from '@prompt-perfect/shared/errors/trialErrorMapping';
import { MSG } from '@prompt-perfect/shared/messages';
import { useTrialStore } from '@prompt-perfect/shared/stores/trialStore';

export type TrialRunResult =
  | { kind: 'idle' }
  | { kind: 'success'; text: string; offline: boolean }
  | { kind: 'error'; message: string };

export interface TrialRun {
  busy: boolean;
  result: TrialRunResult;
  /** Runs the trial optimizer on an already validated prompt. Ignored while a run is in flight. */
  run: (prompt: string) => Promise<void>;
}

/**
 * One visitor run against /api/trial/optimize (the server strips leading phrases). A success counts
 * in the shared store (+1 in localStorage promptTrialCount) and takes the server's remaining figure;
 * an offline run and a failure count nothing, still take the server's figure, and a failure leaves
 * its message for the result panel.
 */
export function useTrialRun(): TrialRun {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TrialRunResult>({ kind: 'idle' });
  const inFlight = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (prompt: string) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    let next: TrialRunResult;
    try {
      const response = await optimizeTrial(prompt.trim());
      const store = useTrialStore.getState();
      if ('text' in response && response.offline) {
        // The offline optimizer costs nothing: the server counted nothing, and neither does the page.
        store.syncServerRemaining(response.remaining);
        next = { kind: 'success', text: response.text, offline: true };
      } else if ('text' in response) {
        // The server has counted this run; count it here too, whatever happens to the view.
        store.recordSuccessfulRun(response.remaining);
        next = { kind: 'success', text: response.text, offline: false };
      } else {
        store.syncServerRemaining(response.remaining);
        next = { kind: 'error', message: response.error || MSG.trialGeneric };
      }
    } catch (error) {
      // No trial answer at all (server unreachable, not JSON, refused before the trial route):
      // the spec's trial mapping decides what the visitor reads.
      next = { kind: 'error', message: mapTrialError(error instanceof Error ? error.message : '') };
    } finally {
      inFlight.current = false;
    }
    if (mounted.current) {
      setResult(next);
      setBusy(false);
    }
  }, []);

  return { busy, result, run };
}
