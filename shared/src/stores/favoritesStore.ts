import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { DEFAULT_LANGUAGE, isLanguageId, type LanguageId } from '../catalog/languages';
import { DEFAULT_TECHNIQUE, isTechniqueId, type TechniqueId } from '../catalog/techniques';
import { DEFAULT_TONE, isToneId, type ToneId } from '../catalog/tones';
import { scorePrompt } from '../rules/score';
import { createValidatedStorage, isRecord, onOtherTabChange } from './storage';

export const FAVORITES_STORAGE_KEY = 'promptPerfectFavorites';
/** The favorites panel previews (spec section 9). */
export const FAVORITE_ORIGINAL_PREVIEW = 100;
export const FAVORITE_OPTIMIZED_PREVIEW = 150;

export interface Favorite {
  /** Creation timestamp in ms, unique within the list. */
  id: number;
  originalPrompt: string;
  optimizedPrompt: string;
  technique: TechniqueId;
  language: LanguageId;
  tone: ToneId;
  /** ISO date. */
  createdAt: string;
  /** scorePrompt(optimizedPrompt) at the time it was saved. */
  score: number;
}

export type NewFavorite = Omit<Favorite, 'id' | 'createdAt' | 'score'>;

export interface FavoritesState {
  favorites: Favorite[];
  /** Adds to the front; null when the same original+optimized pair is already saved or it is empty. */
  addFavorite: (f: NewFavorite, now?: number) => Favorite | null;
  removeFavorite: (id: number) => void;
}

/** The Favorite button shows 'Favorited' when this pair is already saved. */
export function isFavorited(favorites: Favorite[], original: string, optimized: string): boolean {
  return favorites.some((f) => f.originalPrompt === original && f.optimizedPrompt === optimized);
}

export function previewText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/**
 * One stored entry, or null when it cannot be used (no numeric id or no prompt texts). Unknown
 * technique, language or tone fall back to the defaults; a missing score is recomputed and a
 * missing date is taken from the id.
 */
export function sanitizeFavorite(x: unknown): Favorite | null {
  if (!isRecord(x)) return null;
  const id = x.id;
  if (typeof id !== 'number' || !Number.isFinite(id)) return null;
  if (typeof x.originalPrompt !== 'string' || typeof x.optimizedPrompt !== 'string') return null;
  if (x.optimizedPrompt.trim() === '') return null;
  const date = typeof x.createdAt === 'string' && !Number.isNaN(Date.parse(x.createdAt)) ? x.createdAt : null;
  let fallbackDate: string;
  try {
    fallbackDate = new Date(id).toISOString();
  } catch {
    fallbackDate = new Date(0).toISOString();
  }
  return {
    id,
    originalPrompt: x.originalPrompt,
    optimizedPrompt: x.optimizedPrompt,
    technique: isTechniqueId(x.technique) ? x.technique : DEFAULT_TECHNIQUE,
    language: isLanguageId(x.language) ? x.language : DEFAULT_LANGUAGE,
    tone: isToneId(x.tone) ? x.tone : DEFAULT_TONE,
    createdAt: date ?? fallbackDate,
    score:
      typeof x.score === 'number' && Number.isFinite(x.score)
        ? Math.max(0, Math.min(100, x.score))
        : scorePrompt(x.optimizedPrompt),
  };
}

/** Keeps each valid entry (duplicate ids: first wins); accepts {favorites: [...]} or a bare array. */
export function sanitizeFavorites(raw: unknown): { favorites: Favorite[] } | null {
  const list = Array.isArray(raw) ? raw : isRecord(raw) && Array.isArray(raw.favorites) ? raw.favorites : null;
  if (!list) return null;
  const seen = new Set<number>();
  const favorites: Favorite[] = [];
  for (const item of list) {
    const f = sanitizeFavorite(item);
    if (f && !seen.has(f.id)) {
      seen.add(f.id);
      favorites.push(f);
    }
  }
  return { favorites };
}

export const useFavoritesStore = create<FavoritesState>()(
  persist(
    (set, get) => ({
      favorites: [],
      addFavorite: (f, now = Date.now()) => {
        const { favorites } = get();
        if (f.optimizedPrompt.trim() === '' || isFavorited(favorites, f.originalPrompt, f.optimizedPrompt)) return null;
        // id = timestamp, bumped past every existing id so two saves in one ms stay distinct.
        const id = favorites.reduce((max, x) => (x.id >= max ? x.id + 1 : max), Math.floor(now));
        const favorite: Favorite = {
          id,
          originalPrompt: f.originalPrompt,
          optimizedPrompt: f.optimizedPrompt,
          technique: f.technique,
          language: f.language,
          tone: f.tone,
          createdAt: new Date(now).toISOString(),
          score: scorePrompt(f.optimizedPrompt),
        };
        set({ favorites: [favorite, ...favorites] });
        return favorite;
      },
      removeFavorite: (id) => set((s) => ({ favorites: s.favorites.filter((f) => f.id !== id) })),
    }),
    {
      name: FAVORITES_STORAGE_KEY,
      storage: createValidatedStorage(sanitizeFavorites),
      partialize: (s) => ({ favorites: s.favorites }),
      merge: (persisted, current) => {
        const valid = sanitizeFavorites(persisted);
        return valid ? { ...current, favorites: valid.favorites } : current;
      },
    },
  ),
);

// Another tab recorded a run or saved a favorite: take its copy instead of overwriting it later.
onOtherTabChange(FAVORITES_STORAGE_KEY, () => void useFavoritesStore.persist.rehydrate());
