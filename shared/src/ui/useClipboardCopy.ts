import { useEffect, useRef, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

/** What the status line under a Copy button says (also announced to screen readers). */
export const COPY_STATUS_TEXT: Record<Exclude<CopyState, 'idle'>, string> = {
  copied: 'Copied to clipboard',
  failed: 'Could not copy. Select the text and copy it by hand.',
};

/** A failure stays up longer: the reader has to act on it. */
const SHOWN_MS: Record<Exclude<CopyState, 'idle'>, number> = { copied: 2000, failed: 4000 };

async function writeClipboard(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

/**
 * Copy with feedback that resets itself: 'copied' or 'failed' for a moment, and 'idle' again as
 * soon as the text changes (a new result starts with a fresh button). A refused clipboard says so
 * instead of failing silently.
 */
export function useClipboardCopy(text: string | undefined): { state: CopyState; copy: () => Promise<void> } {
  const [outcome, setOutcome] = useState<{ state: CopyState; text: string | undefined }>({ state: 'idle', text });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (text === undefined) return;
    clearTimeout(timer.current);
    let state: Exclude<CopyState, 'idle'>;
    try {
      await writeClipboard(text);
      state = 'copied';
    } catch {
      state = 'failed';
    }
    setOutcome({ state, text });
    timer.current = setTimeout(() => setOutcome({ state: 'idle', text }), SHOWN_MS[state]);
  };

  return { state: outcome.text === text ? outcome.state : 'idle', copy };
}
