import { useId, useLayoutEffect, useRef } from 'react';
import { LANGUAGES } from '@prompt-perfect/core/catalog/languages';
import { TECHNIQUES } from '@prompt-perfect/core/catalog/techniques';
import { removeFavorite as remove } from '@prompt-perfect/shared/account/accountActions';
import {
  FAVORITE_OPTIMIZED_PREVIEW,
  FAVORITE_ORIGINAL_PREVIEW,
  previewText,
  useFavoritesStore,
  type Favorite,
} from '@prompt-perfect/shared/stores/favoritesStore';
import { ResultView } from '@prompt-perfect/shared/ui/result/ResultView';
import { useWorkspaceStore } from '../../state/workspaceStore';
import ui from '../../ui/ui.module.css';
import styles from './SidePanel.module.css';

/** Use restores input, output, technique, language and tone (spec section 4); runs in flight are cancelled. */
function restore(f: Favorite) {
  useWorkspaceStore.getState().replaceAfterCancel({
    input: f.originalPrompt,
    outputSource: f.originalPrompt,
    output: { text: f.optimizedPrompt, error: false },
    technique: f.technique,
    language: f.language,
    tone: f.tone,
    continueError: null,
  });
}

/** Where focus goes after a Remove: the Use button of this favorite, or the empty state. */
type FocusTarget = { id: number } | 'empty';

export function FavoritesTab({ onUsed }: { onUsed: () => void }) {
  const favorites = useFavoritesStore((s) => s.favorites);
  const prefix = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  const focusAfterRemove = useRef<FocusTarget | null>(null);
  const idOfUseButton = (id: number) => `${prefix}-use-${id}`;

  // The removed item's buttons leave the DOM: move focus to the next item's Use button (the
  // previous one when the last item went), or to the empty state — never to <body>.
  useLayoutEffect(() => {
    const target = focusAfterRemove.current;
    if (!target) return;
    focusAfterRemove.current = null;
    if (target === 'empty') emptyRef.current?.focus();
    else (document.getElementById(idOfUseButton(target.id)) ?? listRef.current)?.focus();
  });

  const removeAt = (index: number) => {
    const next = favorites[index + 1] ?? favorites[index - 1];
    focusAfterRemove.current = next ? { id: next.id } : 'empty';
    remove(favorites[index].id);
  };

  if (favorites.length === 0) {
    return (
      <p ref={emptyRef} tabIndex={-1} className={styles.empty}>
        No favorites yet. Perfect a prompt and press Favorite to keep it here.
      </p>
    );
  }
  return (
    <ul ref={listRef} tabIndex={-1} className={styles.favList} aria-label="Favorites">
      {favorites.map((f, index) => {
        const language = LANGUAGES.find((l) => l.id === f.language)?.label ?? f.language;
        // Every item has a "Use" and a "Remove": the item's original prompt tells them apart.
        const previewId = `${prefix}-original-${f.id}`;
        return (
          <li key={f.id} className={styles.favItem} data-testid="favorite-item">
            <p className={styles.favMeta}>
              {TECHNIQUES[f.technique]?.name} · {language} · {f.tone} · prompt score {f.score}/100 ·{' '}
              <time dateTime={f.createdAt}>{new Date(f.createdAt).toLocaleDateString()}</time>
            </p>
            <p className={styles.favLabel}>Original</p>
            <p className={styles.favText} id={previewId} data-testid="favorite-original">
              {previewText(f.originalPrompt, FAVORITE_ORIGINAL_PREVIEW)}
            </p>
            <p className={styles.favLabel}>Optimized</p>
            <div className={styles.favText}>
              <ResultView
                text={previewText(f.optimizedPrompt, FAVORITE_OPTIMIZED_PREVIEW)}
                fullText={f.optimizedPrompt}
                label={`Favorite ${index + 1}`}
                testId="favorite-optimized"
              />
            </div>
            <div className={styles.favButtons}>
              <button
                type="button"
                id={idOfUseButton(f.id)}
                className={`${ui.primary} ${ui.small}`}
                aria-describedby={previewId}
                onClick={() => {
                  restore(f);
                  onUsed();
                }}
              >
                Use
              </button>
              <button
                type="button"
                className={`${ui.button} ${ui.small}`}
                aria-describedby={previewId}
                onClick={() => removeAt(index)}
              >
                Remove
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
