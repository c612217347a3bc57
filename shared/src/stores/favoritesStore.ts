import { create } from 'zustand';
import { clipAtWord } from '../ui/result/clipAtWord';
import type { Favorite } from '@prompt-perfect/core/api/account';

/** Where favorites lived before accounts owned them; read once for the import offer. */
export const LEGACY_FAVORITES_STORAGE_KEY = 'promptPerfectFavorites';
/** The favorites panel previews (spec section 9). */
export const FAVORITE_ORIGINAL_PREVIEW = 100;
export const FAVORITE_OPTIMIZED_PREVIEW = 150;

export type { Favorite };

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
  return clipAtWord(text, max, '...');
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
