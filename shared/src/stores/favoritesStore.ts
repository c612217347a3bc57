import { create } from 'zustand';
import { DEFAULT_LANGUAGE, isLanguageId, type LanguageId } from '../catalog/languages';
import { DEFAULT_TECHNIQUE, isTechniqueId, type TechniqueId } from '../catalog/techniques';
import { DEFAULT_TONE, isToneId, type ToneId } from '../catalog/tones';
import { scorePrompt } from '../rules/score';
import type { Favorite, NewFavorite } from '../api/account';
import { isRecord } from './storage';

/** Where favorites lived before accounts owned them; read once for the import offer. */
export const LEGACY_FAVORITES_STORAGE_KEY = 'promptPerfectFavorites';
/** The favorites panel previews (spec section 9). */
export const FAVORITE_ORIGINAL_PREVIEW = 100;
export const FAVORITE_OPTIMIZED_PREVIEW = 150;

export type { Favorite, NewFavorite };

/**
 * The signed-in user's favorites: the account's list (from the server or its cache) with this
 * browser's unsent changes applied. Changes go through account/accountActions, which queue them
 * for the server; this store only holds what the page shows.
 */
export interface FavoritesState {
  favorites: Favorite[];
  replaceFavorites: (favorites: Favorite[]) => void;
  /** Adds to the front unless that id is already listed. */
  putFavorite: (favorite: Favorite) => void;
  /** Swaps a favorite (an unsent local one) for the server's copy, keeping its place. */
  swapFavorite: (localId: number, saved: Favorite) => void;
  dropFavorite: (id: number) => void;
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

export const useFavoritesStore = create<FavoritesState>()((set) => ({
  favorites: [],
  replaceFavorites: (favorites) => set({ favorites }),
  putFavorite: (favorite) =>
    set((s) => (s.favorites.some((f) => f.id === favorite.id) ? s : { favorites: [favorite, ...s.favorites] })),
  swapFavorite: (localId, saved) =>
    set((s) => {
      const others = s.favorites.filter((f) => f.id !== saved.id);
      return { favorites: others.map((f) => (f.id === localId ? saved : f)) };
    }),
  dropFavorite: (id) => set((s) => ({ favorites: s.favorites.filter((f) => f.id !== id) })),
}));
