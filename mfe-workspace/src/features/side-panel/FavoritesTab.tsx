import { LANGUAGES } from '@prompt-perfect/shared/catalog/languages';
import { TECHNIQUES } from '@prompt-perfect/shared/catalog/techniques';
import {
  FAVORITE_OPTIMIZED_PREVIEW,
  FAVORITE_ORIGINAL_PREVIEW,
  previewText,
  useFavoritesStore,
  type Favorite,
} from '@prompt-perfect/shared/stores/favoritesStore';
import { useWorkspaceStore } from '../../state/workspaceStore';
import ui from '../../ui/ui.module.css';
import styles from './SidePanel.module.css';

/** Use restores input, output, technique, language and tone (spec section 4). */
function restore(f: Favorite) {
  useWorkspaceStore.getState().set({
    input: f.originalPrompt,
    outputSource: f.originalPrompt,
    output: { text: f.optimizedPrompt, error: false },
    technique: f.technique,
    language: f.language,
    tone: f.tone,
    continueError: null,
  });
}

export function FavoritesTab({ onUsed }: { onUsed: () => void }) {
  const favorites = useFavoritesStore((s) => s.favorites);
  const remove = useFavoritesStore((s) => s.removeFavorite);
  if (favorites.length === 0) {
    return <p className={styles.empty}>No favorites yet. Perfect a prompt and press Favorite to keep it here.</p>;
  }
  return (
    <ul className={styles.favList} aria-label="Favorites">
      {favorites.map((f) => {
        const language = LANGUAGES.find((l) => l.id === f.language)?.label ?? f.language;
        return (
          <li key={f.id} className={styles.favItem} data-testid="favorite-item">
            <p className={styles.favMeta}>
              {TECHNIQUES[f.technique]?.name} · {language} · {f.tone} · score {f.score} ·{' '}
              <time dateTime={f.createdAt}>{new Date(f.createdAt).toLocaleDateString()}</time>
            </p>
            <p className={styles.favLabel}>Original</p>
            <p className={styles.favText} data-testid="favorite-original">
              {previewText(f.originalPrompt, FAVORITE_ORIGINAL_PREVIEW)}
            </p>
            <p className={styles.favLabel}>Optimized</p>
            <p className={styles.favText} data-testid="favorite-optimized">
              {previewText(f.optimizedPrompt, FAVORITE_OPTIMIZED_PREVIEW)}
            </p>
            <div className={styles.favButtons}>
              <button
                type="button"
                className={`${ui.primary} ${ui.small}`}
                onClick={() => {
                  restore(f);
                  onUsed();
                }}
              >
                Use
              </button>
              <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => remove(f.id)}>
                Remove
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
