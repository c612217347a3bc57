import { useCallback, useEffect, useRef, useState } from 'react';
import { optimizeTrialStream, StreamInterrupted } from '@prompt-perfect/shared/api/streamClient';
import { mapTrialError } from '@prompt-perfect/core/errors/trialErrorMapping';
import { useTrialStore } from '@prompt-perfect/shared/stores/trialStore';

export type TrialRunResult =
  | { kind: 'idle' }
  /** Text is arriving; Stop keeps what is there. */
  | { kind: 'streaming'; text: string }
  | { kind: 'success'; text: string; offline: boolean; stopped?: boolean }
  /**
   * `partialText`: what arrived before the run failed mid-answer (the run counted). Without it the
   * run counted nothing: `previous` is the last good result, kept on show, and `retryAfterSeconds`
   * says when the server allows another try.
   */
  | {
      kind: 'error';
      message: string;
      partialText?: string;
      previous?: Extract<TrialRunResult, { kind: 'success' }>;
      retryAfterSeconds?: number;
    };

export interface TrialRun {
  busy: boolean;
  result: TrialRunResult;
  /** Runs the trial optimizer on an already validated prompt. Ignored while a run is in flight. */
  run: (prompt: string) => Promise<void>;
  /** Stops the run: before any text nothing is shown or counted; after, the text so far stays (and the run counts). */
  stop: () => void;
  /** Runs the last prompt again (Retry after an error). */
  retry: () => void;
  /** The prompt of the last run: what the result is checked against (a lost {{variable}}). */
  ranPrompt: string;
  /** Replaces a finished result's text (a Fix from the prompt check). */
  replaceText: (text: string) => void;
}

/** The trial route's remaining count on a refused or failed run (read structurally: see ApiError). */
function remainingOf(error: unknown): number | undefined {
  const body = error && typeof error === 'object' && 'body' in error ? error.body : undefined;
  return body && typeof body === 'object' && 'remaining' in body && typeof body.remaining === 'number'
    ? body.remaining
    : undefined;
}

/** When the server said to try again (ApiError, read structurally like `remaining`). */
function retryAfterOf(error: unknown): number | undefined {
  const seconds =
    error && typeof error === 'object' && 'retryAfterSeconds' in error ? error.retryAfterSeconds : undefined;
  return typeof seconds === 'number' ? seconds : undefined;
}

/**
 * Settles a finished or failed run against the trial counter, and says what the panel shows.
 * A run counts once it produced text (finished, stopped or failed mid-answer); the offline
 * optimizer and a failure before any text count nothing. The server's figure wins when it has one.
 */
async function runOnce(prompt: string, signal: AbortSignal, onText: (text: string) => void): Promise<TrialRunResult> {
  const store = useTrialStore.getState();
  try {
    const answer = await optimizeTrialStream(prompt, { signal, onText });
    if (answer.offline) {
      if (answer.remaining !== undefined) store.syncServerRemaining(answer.remaining);
      return { kind: 'success', text: answer.text, offline: true };
    }
    if (!answer.text) return { kind: 'idle' };
    store.recordSuccessfulRun(answer.remaining);
    return { kind: 'success', text: answer.text, offline: false, stopped: answer.stopped };
  } catch (error) {
    // Stopped before any text: nothing to show, but the model was already called, so the server
    // counted the run (a visitor could otherwise run up the bill for free); the badge follows.
    if (signal.aborted) {
      store.recordSuccessfulRun();
      return { kind: 'idle' };
    }
    if (error instanceof StreamInterrupted) {
      store.recordSuccessfulRun();
      return { kind: 'error', message: error.message, partialText: error.partialText };
    }
    const remaining = remainingOf(error);
    if (remaining !== undefined) {
      // The trial route answered: its message is already the spec's trial wording.
      store.syncServerRemaining(remaining);
      return { kind: 'error', message: (error as Error).message, retryAfterSeconds: retryAfterOf(error) };
    }
    // No trial answer at all (server unreachable, refused before the trial route): the spec's
    // trial mapping decides what the visitor reads.
    return { kind: 'error', message: mapTrialError(error instanceof Error ? error.message : '') };
  }
}

/** One visitor run against /api/trial/optimize/stream (the server strips leading phrases). */
export function useTrialRun(): TrialRun {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TrialRunResult>({ kind: 'idle' });
  const [ranPrompt, setRanPrompt] = useState('');
  const controller = useRef<AbortController | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (prompt: string) => {
    if (controller.current) return;
    const current = new AbortController();
    controller.current = current;
    setRanPrompt(prompt.trim());
    setBusy(true);
    const onText = (text: string) => mounted.current && setResult({ kind: 'streaming', text });
    const next = await runOnce(prompt.trim(), current.signal, onText);
    controller.current = null;
    if (mounted.current) {
      setResult((previous) => {
        if (next.kind === 'idle') return previous;
        // A failure that counted nothing keeps the last good result on show beside the message.
        if (next.kind === 'error' && !next.partialText) {
          const good =
            previous.kind === 'success' ? previous : previous.kind === 'error' ? previous.previous : undefined;
          return good ? { ...next, previous: good } : next;
        }
        return next;
      });
      setBusy(false);
    }
  }, []);

  const stop = useCallback(() => controller.current?.abort(), []);
  const retry = useCallback(() => void run(ranPrompt), [run, ranPrompt]);
  const replaceText = useCallback((text: string) => setResult((r) => (r.kind === 'success' ? { ...r, text } : r)), []);

  return { busy, result, run, stop, retry, ranPrompt, replaceText };
}
