import { COPY_STATUS_TEXT, useClipboardCopy } from '@prompt-perfect/shared/ui/useClipboardCopy';
import buttons from './buttons.module.css';
import styles from './CopyButton.module.css';

/** Copy with visible and announced feedback; a refused clipboard says so instead of failing silently. */
export function CopyButton({ text }: { text: string }) {
  const { state, copy } = useClipboardCopy(text);

  return (
    <span className={styles.wrap}>
      <button type="button" className={`${buttons.secondary} ${buttons.small}`} onClick={copy}>
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" className={styles.icon}>
          {state === 'copied' ? (
            <path
              d="M3 8.5l3 3 7-7"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          ) : (
            <>
              <rect x="5" y="5" width="8.5" height="8.5" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
              <path
                d="M3 10.5V3.8C3 3.1 3.6 2.5 4.3 2.5H10.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                strokeLinecap="round"
              />
            </>
          )}
        </svg>
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span role="status" className={state === 'failed' ? styles.failed : 'visually-hidden'}>
        {state !== 'idle' && COPY_STATUS_TEXT[state]}
      </span>
    </span>
  );
}
