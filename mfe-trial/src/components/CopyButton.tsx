import { useEffect, useRef, useState } from 'react';
import buttons from './buttons.module.css';
import styles from './CopyButton.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

const RESET_MS = 2000;

async function writeClipboard(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) {
    throw new Error('Clipboard unavailable');
  }
  await navigator.clipboard.writeText(text);
}

/** Copy with visible and announced feedback; a refused clipboard says so instead of failing silently. */
export function CopyButton({ text }: { text: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);
  // A new result starts with a fresh button.
  useEffect(() => {
    clearTimeout(timer.current);
    setState('idle');
  }, [text]);

  const copy = async () => {
    clearTimeout(timer.current);
    let next: CopyState;
    try {
      await writeClipboard(text);
      next = 'copied';
    } catch {
      next = 'failed';
    }
    setState(next);
    timer.current = setTimeout(() => setState('idle'), next === 'failed' ? RESET_MS * 2 : RESET_MS);
  };

  return (
    <span className={styles.wrap}>
      <button type="button" className={`${buttons.secondary} ${buttons.small}`} onClick={copy}>
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" className={styles.icon}>
          {state === 'copied' ? (
            <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          ) : (
            <>
              <rect x="5" y="5" width="8.5" height="8.5" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
              <path d="M3 10.5V3.8C3 3.1 3.6 2.5 4.3 2.5H10.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
            </>
          )}
        </svg>
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span role="status" className={state === 'failed' ? styles.failed : 'visually-hidden'}>
        {state === 'copied' && 'Copied to clipboard'}
        {state === 'failed' && 'Could not copy. Select the text and copy it by hand.'}
      </span>
    </span>
  );
}
