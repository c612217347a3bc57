/** What a fix will change, shown before it applies: the words around it, the part removed and the part put in. */
import { useEffect, useRef } from 'react';
import styles from './PromptCheck.module.css';

interface Props {
  text: string;
  fix: { label: string; start: number; end: number; text: string };
  /** The check lags behind the typing: the preview may no longer match the box. */
  stale: boolean;
  onApply: () => void;
  onCancel: () => void;
}

const AROUND = 40;

export function FixPreview({ text, fix, stale, onApply, onCancel }: Props) {
  const apply = useRef<HTMLButtonElement>(null);
  useEffect(() => apply.current?.focus(), []);
  const from = Math.max(0, fix.start - AROUND);
  const to = Math.min(text.length, fix.end + AROUND);
  const lead = `${from > 0 ? '…' : ''}${text.slice(from, fix.start)}`;
  const tail = `${text.slice(fix.end, to)}${to < text.length ? '…' : ''}`;
  const removed = text.slice(fix.start, fix.end);
  return (
    <fieldset className={styles.preview} aria-label={`Preview: ${fix.label}`} data-testid="fix-preview">
      <p className={styles.previewLine}>
        <span className={styles.previewLabel}>Before</span>
        <span className={styles.previewText}>
          {lead}
          {removed && <del>{removed}</del>}
          {tail}
        </span>
      </p>
      <p className={styles.previewLine}>
        <span className={styles.previewLabel}>After</span>
        <span className={styles.previewText}>
          {lead}
          {fix.text && <ins>{fix.text}</ins>}
          {tail}
        </span>
      </p>
      <div className={styles.previewActions}>
        <button type="button" ref={apply} className={styles.fix} onClick={onApply} disabled={stale}>
          Apply fix
        </button>
        <button type="button" className={styles.fix} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
