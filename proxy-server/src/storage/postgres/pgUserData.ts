/**
 * UserDataStore on PostgreSQL: the SQL of sqliteUserData, with every write that reads first
 * (favorites, runs, import, delete) in one transaction holding an advisory lock on the user, so
 * two instances serve the same account as one would.
 */
import { FAVORITES_MAX, HISTORY_MAX } from '@prompt-perfect/core/api/account';
import type { EarnedBadge } from '@prompt-perfect/core/progress/badges';
import { recordRun as applyRunRules, type Stats } from '@prompt-perfect/core/progress/recordRun';
import { scorePrompt } from '@prompt-perfect/core/progress/score';
import { AccountDeletedError, type UserDataStore } from '../userData';
import {
  type FavoriteRow,
  type HistoryRow,
  likeText,
  mergeImportedStats,
  type ProgressRow,
  settingsFrom,
  type StoredStats,
  statsFrom,
  toFavorite,
  toHistory,
  withoutImportMark,
} from '../userDataRows';
import { type Client, inTransaction, LOCK, lockKey, type Pool } from './pgPool';

type Db = Pool | Client;
type NewFavorite = Parameters<UserDataStore['addFavorite']>[1];

const USER_TABLES = [
  'user_settings',
  'user_favorites',
  'user_progress',
  'user_badges',
  'user_history',
  'test_sets',
  'api_tokens',
  'prompts',
  'prompt_webhooks',
  'prompt_webhook_deliveries',
] as const;

async function readStats(db: Db, userId: string): Promise<StoredStats> {
  const progress = await db.query<ProgressRow>(
    'SELECT xp, streak, total_prompts, last_activity, imported_at FROM user_progress WHERE user_id = $1',
    [userId],
  );
  const badges = await db.query<{ badge_id: string; earned_at: number }>(
    'SELECT badge_id, earned_at FROM user_badges WHERE user_id = $1 ORDER BY earned_at, seq',
    [userId],
  );
  return statsFrom(progress.rows[0], badges.rows);
}

async function writeStats(
  db: Db,
  userId: string,
  stats: Stats,
  newBadges: EarnedBadge[],
  importedAt: number | null = null,
) {
  await db.query(
    `INSERT INTO user_progress (user_id, xp, streak, total_prompts, last_activity, imported_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id) DO UPDATE SET xp = excluded.xp, streak = excluded.streak, total_prompts = excluded.total_prompts,
       last_activity = excluded.last_activity, imported_at = COALESCE(excluded.imported_at, user_progress.imported_at)`,
    [userId, stats.xp, stats.streak, stats.totalPrompts, stats.lastActivity, importedAt],
  );
  for (const b of newBadges) {
    await db.query(
      'INSERT INTO user_badges (user_id, badge_id, earned_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [userId, b.id, b.earnedAt],
    );
  }
}

async function listFavorites(db: Db, userId: string) {
  const { rows } = await db.query<FavoriteRow>('SELECT * FROM user_favorites WHERE user_id = $1 ORDER BY id DESC', [
    userId,
  ]);
  return rows.map(toFavorite);
}

/** Call inside a transaction holding the user's lock. */
async function addFavorite(client: Client, userId: string, f: NewFavorite, now: number) {
  const existing = await client.query<FavoriteRow>(
    'SELECT * FROM user_favorites WHERE user_id = $1 AND original_prompt = $2 AND optimized_prompt = $3',
    [userId, f.originalPrompt, f.optimizedPrompt],
  );
  if (existing.rows[0]) return { favorite: toFavorite(existing.rows[0]), created: false };
  const { rows } = await client.query<{ n: number; max_id: number | null }>(
    'SELECT COUNT(*) AS n, MAX(id) AS max_id FROM user_favorites WHERE user_id = $1',
    [userId],
  );
  if (rows[0].n >= FAVORITES_MAX) return 'full' as const;
  // id = the creation time, bumped past every existing id so two saves in one ms stay distinct.
  const id = Math.max(Math.floor(now), (rows[0].max_id ?? 0) + 1);
  const row: FavoriteRow = {
    id,
    original_prompt: f.originalPrompt,
    optimized_prompt: f.optimizedPrompt,
    technique: f.technique,
    language: f.language,
    tone: f.tone,
    score: scorePrompt(f.optimizedPrompt),
    created_at: now,
  };
  await client.query(
    `INSERT INTO user_favorites (user_id, id, original_prompt, optimized_prompt, technique, language, tone, score, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
    [
      userId,
      row.id,
      row.original_prompt,
      row.optimized_prompt,
      row.technique,
      row.language,
      row.tone,
      row.score,
      row.created_at,
    ],
  );
  return { favorite: toFavorite(row), created: true };
}

export function createPgUserData(pool: Pool): UserDataStore {
  /** A transaction serialised with every other write to the same account. */
  const forUser = <T>(userId: string, work: (client: Client) => Promise<T>) =>
    inTransaction(pool, async (client) => {
      await lockKey(client, LOCK.user, userId);
      return work(client);
    });

  const getSettings = async (userId: string) => {
    const { rows } = await pool.query<{ settings: string }>('SELECT settings FROM user_settings WHERE user_id = $1', [
      userId,
    ]);
    return settingsFrom(rows[0]?.settings);
  };

  const allHistory = async (userId: string) => {
    const { rows } = await pool.query<HistoryRow>('SELECT * FROM user_history WHERE user_id = $1 ORDER BY id DESC', [
      userId,
    ]);
    return rows.map(toHistory);
  };

  return {
    getSettings,
    async putSettings(userId, settings) {
      await pool.query(
        `INSERT INTO user_settings (user_id, settings, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
        [userId, JSON.stringify(settings), Date.now()],
      );
      return getSettings(userId);
    },
    listFavorites: (userId) => listFavorites(pool, userId),
    addFavorite(userId, favorite, now) {
      return forUser(userId, (client) => addFavorite(client, userId, favorite, now));
    },
    async removeFavorite(userId, id) {
      const { rowCount } = await pool.query('DELETE FROM user_favorites WHERE user_id = $1 AND id = $2', [userId, id]);
      return (rowCount ?? 0) > 0;
    },
    async getProgress(userId) {
      return withoutImportMark(await readStats(pool, userId));
    },
    recordRun(userId, run, score, now, timeZone, startedAt) {
      return forUser(userId, async (client) => {
        const deleted = await client.query('SELECT 1 FROM deleted_accounts WHERE user_id = $1 AND deleted_at >= $2', [
          userId,
          startedAt,
        ]);
        if (deleted.rows.length > 0) throw new AccountDeletedError();
        const chain =
          // A refinement joins its version's chain; a Perfect of a task already perfected joins that task's chain.
          run.refines !== null
            ? (
                await client.query<{ chain_id: number }>(
                  'SELECT chain_id FROM user_history WHERE user_id = $1 AND id = $2',
                  [userId, run.refines],
                )
              ).rows
            : run.kind === 'perfect'
              ? (
                  await client.query<{ chain_id: number }>(
                    `SELECT chain_id FROM user_history WHERE user_id = $1 AND kind = 'perfect' AND input = $2
                     ORDER BY id DESC LIMIT 1`,
                    [userId, run.input],
                  )
                ).rows
              : [];
        const { rows } = await client.query<{ id: number }>(
          `INSERT INTO user_history (user_id, kind, input, output, provider, model, options, refines, chain_id, created_at, stopped)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9, $10) RETURNING id`,
          [
            userId,
            run.kind,
            run.input,
            run.output,
            run.provider,
            run.model,
            JSON.stringify(run.options),
            run.refines,
            now,
            run.stopped ? 1 : 0,
          ],
        );
        const id = rows[0].id;
        await client.query('UPDATE user_history SET chain_id = $1 WHERE id = $2', [chain[0]?.chain_id || id, id]);
        await client.query(
          `DELETE FROM user_history WHERE user_id = $1 AND id <= (
             SELECT id FROM user_history WHERE user_id = $1 ORDER BY id DESC LIMIT 1 OFFSET $2)`,
          [userId, HISTORY_MAX],
        );
        // A stopped run is kept in history but earns nothing.
        if (run.kind !== 'perfect' || run.stopped) return { historyId: id, progress: null };
        const before = await readStats(client, userId);
        const result = applyRunRules(withoutImportMark(before), score, now, timeZone ?? undefined);
        await writeStats(client, userId, result.stats, result.newBadges);
        return {
          historyId: id,
          progress: { stats: result.stats, xpGained: result.xpGained, newBadges: result.newBadges },
        };
      });
    },
    async hasHistoryEntry(userId, id) {
      const { rows } = await pool.query('SELECT 1 FROM user_history WHERE user_id = $1 AND id = $2', [userId, id]);
      return rows.length > 0;
    },
    async listHistory(userId, { before, limit, text, chainId }) {
      const { rows } = await pool.query<HistoryRow>(
        `SELECT * FROM user_history WHERE user_id = $1 AND id < $2
           AND ($3::text IS NULL OR input ILIKE $3 ESCAPE '\\' OR output ILIKE $3 ESCAPE '\\')
           AND ($4::bigint IS NULL OR chain_id = $4)
         ORDER BY id DESC LIMIT $5`,
        [userId, before ?? Number.MAX_SAFE_INTEGER, text ? likeText(text) : null, chainId ?? null, limit + 1],
      );
      const items = rows.slice(0, limit).map(toHistory);
      return { items, nextCursor: rows.length > limit ? String(items[items.length - 1].id) : null };
    },
    importOnce(userId, data, now) {
      return forUser(userId, async (client) => {
        const current = await readStats(client, userId);
        if (current.importedAt !== null) return 'already' as const;
        let favorites = 0;
        for (const f of data.favorites) {
          const { createdAt, ...fields } = f;
          const added = await addFavorite(client, userId, fields, createdAt ? Date.parse(createdAt) : now);
          if (added !== 'full' && added.created) favorites += 1;
        }
        const { stats, newBadges } = mergeImportedStats(withoutImportMark(current), data.stats, now);
        await writeStats(client, userId, stats, newBadges, now);
        return { favorites, xp: data.stats.xp, badges: newBadges.length };
      });
    },
    async exportAll(userId) {
      return {
        settings: await getSettings(userId),
        favorites: await listFavorites(pool, userId),
        progress: withoutImportMark(await readStats(pool, userId)),
        history: await allHistory(userId),
      };
    },
    async deleteAll(userId, now) {
      await forUser(userId, async (client) => {
        await client.query(
          'INSERT INTO deleted_accounts (user_id, deleted_at) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET deleted_at = excluded.deleted_at',
          [userId, now],
        );
        for (const table of USER_TABLES) await client.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
      });
    },
  };
}
