/** The changes a browser queues for the account, and how each is sent. */
import type { AccountSettings, Favorite, OfflineRunRecord } from '@prompt-perfect/core/api/account';
import { useStatsStore } from '@prompt-perfect/shared/stores/statsStore';
import * as z from 'zod/mini';
import { favoriteSchema, settingsSchema } from './cachedState';
import { deleteFavorite, postFavorite, postOfflineRun, putSettings } from './accountApi';

export type SyncOp =
  /** `favorite.id` is the browser's own (negative) id until the server answers with its copy. */
  | { type: 'favorite-add'; favorite: Favorite }
  | { type: 'favorite-remove'; id: number }
  | { type: 'settings'; settings: AccountSettings }
  /**
   * A run of the offline optimizer, made while the server could not be reached, and the space it was
   * made in (an organization's slug, null for personal): switching spaces before it is sent must not
   * move a personal prompt into an organization. Queues saved before spaces existed have none: personal.
   */
  | { type: 'run'; run: OfflineRunRecord; space?: string | null };

/** Sends one change; a saved favorite is answered with the server's copy. */
export async function sendOp(op: SyncOp): Promise<Favorite | undefined> {
  switch (op.type) {
    case 'favorite-add': {
      const { originalPrompt, optimizedPrompt, technique, language, tone } = op.favorite;
      return postFavorite({ originalPrompt, optimizedPrompt, technique, language, tone });
    }
    case 'favorite-remove':
      return deleteFavorite(op.id);
    case 'settings':
      await putSettings(op.settings);
      return;
    case 'run': {
      const recorded = await postOfflineRun(op.run, op.space ?? null);
      if (recorded.progress) useStatsStore.getState().applyProgress(recorded.progress);
      return;
    }
  }
}

const opSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('favorite-add'), favorite: favoriteSchema }),
  z.object({ type: z.literal('favorite-remove'), id: z.number() }),
  z.object({ type: z.literal('settings'), settings: settingsSchema }),
  // The server validates the rest of a run and refuses a malformed one for good (it is then dropped).
  z.object({
    type: z.literal('run'),
    run: z.looseObject({ input: z.string(), output: z.string() }),
    space: z.optional(z.nullable(z.string())),
  }),
]);

function sanitizeOp(x: unknown): SyncOp | null {
  const result = opSchema.safeParse(x);
  return result.success ? (result.data as SyncOp) : null;
}

/** A saved queue read back from storage: unusable entries are skipped. */
export function sanitizeOps(raw: unknown): SyncOp[] {
  return Array.isArray(raw) ? raw.flatMap((x) => sanitizeOp(x) ?? []) : [];
}
