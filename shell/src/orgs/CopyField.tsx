import { useId } from 'react';
import { COPY_STATUS_TEXT, useClipboardCopy } from '@prompt-perfect/shared/ui/useClipboardCopy';
import buttons from '@prompt-perfect/shared/styles/buttons.module.css';
import field from '@prompt-perfect/shared/styles/field.module.css';
import styles from './orgs.module.css';

/** A read-only text (a link) with a Copy button and its spoken status. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { state, copy } = useClipboardCopy(value);
  const id = useId();
  return (
    <div>
      <label className={field.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.linkRow}>
        <input id={id} className={field.input} value={value} readOnly onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className={buttons.button} onClick={copy}>
          Copy
        </button>
      </div>
      <p className={field.hint} role="status">
        {state === 'idle' ? '' : COPY_STATUS_TEXT[state]}
      </p>
    </div>
  );
}
