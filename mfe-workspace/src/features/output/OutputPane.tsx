import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MSG } from '@prompt-perfect/shared/messages';
import { isFavorited, useFavoritesStore } from '@prompt-perfect/shared/stores/favoritesStore';
import { useWorkspaceStore } from '../../state/workspaceStore';
import { StarIcon } from '../../ui/icons';
import ui from '../../ui/ui.module.css';
import { Markdown } from './Markdown';
import styles from './Output.module.css';

/** The optimized prompt (formatted) or the 'Error: ...' text, with Copy, Favorite and a slot for Continue Building. */
export function OutputPane({ continueBuilding }: { continueBuilding: ReactNode }) {
  const output = useWorkspaceStore((s) => s.output);
  const busy = useWorkspaceStore((s) => s.busy);
  const source = useWorkspaceStore((s) => s.outputSource);
  const hasResult = Boolean(output && !output.error && output.text);
  const favorited = useFavoritesStore((s) => hasResult && isFavorited(s.favorites, source, output!.text));
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (!output) return;
    try {
      await navigator.clipboard.writeText(output.text);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied('idle'), 2000);
  };

  const favorite = () => {
    if (!hasResult || favorited) return;
    const s = useWorkspaceStore.getState();
    useFavoritesStore.getState().addFavorite({
      originalPrompt: s.outputSource,
      optimizedPrompt: s.output!.text,
      technique: s.technique,
      language: s.language,
      tone: s.tone,
    });
  };

  return (
    <section className={`${ui.card} ${styles.pane}`} aria-labelledby="ws-output-title">
      <div className={styles.header}>
        <h2 id="ws-output-title" className={ui.cardTitle}>
          Optimized prompt
        </h2>
        <div className={styles.actions}>
          <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => void copy()} disabled={!output}>
            {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Copy failed' : 'Copy'}
          </button>
          <button
            type="button"
            className={`${ui.button} ${ui.small} ${styles.favorite}`}
            onClick={favorite}
            disabled={!hasResult}
            aria-pressed={favorited}
            data-favorited={favorited}
          >
            <StarIcon filled={favorited} />
            {favorited ? MSG.favorited : 'Favorite'}
          </button>
          {continueBuilding}
        </div>
      </div>
      <div
        className={styles.body}
        role="region"
        aria-label="Output"
        aria-live="polite"
        aria-busy={busy}
        tabIndex={output ? 0 : -1}
        data-testid="workspace-output"
      >
        {busy ? (
          <p className={styles.placeholder}>{MSG.perfecting}</p>
        ) : !output ? (
          <p className={styles.placeholder}>Your optimized prompt will appear here.</p>
        ) : output.error ? (
          <p className={`${ui.error} ${styles.errorText}`}>{output.text}</p>
        ) : (
          <Markdown text={output.text} />
        )}
      </div>
    </section>
  );
}
