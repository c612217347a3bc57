/** UserDataStore on the embedded SQLite database (better-sqlite3: synchronous, wrapped in promises). */
import { FAVORITES_MAX, HISTORY_MAX } from '@prompt-perfect/core/api/account';
import type { EarnedBadge } from '@prompt-perfect/core/progress/badges';
import { recordRun as applyRunRules, type Stats } from '@prompt-perfect/core/progress/recordRun';
import { scorePrompt } from '@prompt-perfect/core/progress/score';
import type { Db } from '../db';
import { AccountDeletedError, type UserDataStore } from './userData';
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
} from './userDataRows';

export function createSqliteUserData(db: Db): UserDataStore {
  const q = {
    settings: db.prepare<[string], { settings: string }>('SELECT settings FROM user_settings WHERE user_id = ?'),
    putSettings: db.prepare<[string, string, number]>(
      `INSERT INTO user_settings (user_id, settings, updated_at) VALUES (?, ?, ?)
       ON CONFLICT(user_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
    ),
    favorites: db.prepare<[string], FavoriteRow>('SELECT * FROM user_favorites WHERE user_id = ? ORDER BY id DESC'),
    favoriteByPair: db.prepare<[string, string, string], FavoriteRow>(
      'SELECT * FROM user_favorites WHERE user_id = ? AND original_prompt = ? AND optimized_prompt = ?',
    ),
    favoriteCount: db.prepare<[string], { n: number; maxId: number | null }>(
      'SELECT COUNT(*) AS n, MAX(id) AS maxId FROM user_favorites WHERE user_id = ?',
    ),
    insertFavorite: db.prepare(
      `INSERT INTO user_favorites (user_id, id, original_prompt, optimized_prompt, technique, language, tone, score, created_at)
       VALUES (@userId, @id, @originalPrompt, @optimizedPrompt, @technique, @language, @tone, @score, @createdAt)
       ON CONFLICT DO NOTHING`,
    ),
    removeFavorite: db.prepare<[string, number]>('DELETE FROM user_favorites WHERE user_id = ? AND id = ?'),
    progress: db.prepare<[string], ProgressRow>(
      'SELECT xp, streak, total_prompts, last_activity, imported_at FROM user_progress WHERE user_id = ?',
    ),
    putProgress: db.prepare(
      `INSERT INTO user_progress (user_id, xp, streak, total_prompts, last_activity, imported_at)
       VALUES (@userId, @xp, @streak, @totalPrompts, @lastActivity, @importedAt)
       ON CONFLICT(user_id) DO UPDATE SET xp = excluded.xp, streak = excluded.streak, total_prompts = excluded.total_prompts,
         last_activity = excluded.last_activity, imported_at = COALESCE(excluded.imported_at, imported_at)`,
    ),
    badges: db.prepare<[string], { badge_id: string; earned_at: number }>(
      'SELECT badge_id, earned_at FROM user_badges WHERE user_id = ? ORDER BY earned_at, rowid',
    ),
    insertBadge: db.prepare<[string, string, number]>(
      'INSERT OR IGNORE INTO user_badges (user_id, badge_id, earned_at) VALUES (?, ?, ?)',
    ),
    insertHistory: db.prepare(
      `INSERT INTO user_history (user_id, kind, input, output, provider, model, options, refines, chain_id, created_at, stopped)
       VALUES (@userId, @kind, @input, @output, @provider, @model, @options, @refines, 0, @createdAt, @stopped)`,
    ),
    setChain: db.prepare<[number, number]>('UPDATE user_history SET chain_id = ? WHERE id = ?'),
    chainOf: db.prepare<[string, number], { chain_id: number }>(
      'SELECT chain_id FROM user_history WHERE user_id = ? AND id = ?',
    ),
    chainOfTask: db.prepare<[string, string], { chain_id: number }>(
      `SELECT chain_id FROM user_history WHERE user_id = ? AND kind = 'perfect' AND input = ? ORDER BY id DESC LIMIT 1`,
    ),
    pruneHistory: db.prepare<[string, string, number]>(
      `DELETE FROM user_history WHERE user_id = ? AND id <= (
         SELECT id FROM user_history WHERE user_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
    ),
    history: db.prepare<
      { userId: string; before: number; text: string | null; chainId: number | null; limit: number },
      HistoryRow
    >(
      `SELECT * FROM user_history WHERE user_id = @userId AND id < @before
         AND (@text IS NULL OR input LIKE @text ESCAPE '\\' OR output LIKE @text ESCAPE '\\')
         AND (@chainId IS NULL OR chain_id = @chainId)
       ORDER BY id DESC LIMIT @limit`,
    ),
    allHistory: db.prepare<[string], HistoryRow>('SELECT * FROM user_history WHERE user_id = ? ORDER BY id DESC'),
    deletedSince: db.prepare<[string, number], { deleted_at: number }>(
      'SELECT deleted_at FROM deleted_accounts WHERE user_id = ? AND deleted_at >= ?',
    ),
    markDeleted: db.prepare<[string, number]>(
      'INSERT INTO deleted_accounts (user_id, deleted_at) VALUES (?, ?) ON CONFLICT(user_id) DO UPDATE SET deleted_at = excluded.deleted_at',
    ),
  };

  const readStats = (userId: string): StoredStats => statsFrom(q.progress.get(userId), q.badges.all(userId));

  function writeStats(userId: string, stats: Stats, newBadges: EarnedBadge[], importedAt: number | null = null) {
    q.putProgress.run({
      userId,
      xp: stats.xp,
      streak: stats.streak,
      totalPrompts: stats.totalPrompts,
      lastActivity: stats.lastActivity,
      importedAt,
    });
    for (const b of newBadges) q.insertBadge.run(userId, b.id, b.earnedAt);
  }

  const addFavorite = db.transaction((userId: string, f: Parameters<UserDataStore['addFavorite']>[1], now: number) => {
    const existing = q.favoriteByPair.get(userId, f.originalPrompt, f.optimizedPrompt);
    if (existing) return { favorite: toFavorite(existing), created: false };
    const { n, maxId } = q.favoriteCount.get(userId) ?? { n: 0, maxId: null };
    if (n >= FAVORITES_MAX) return 'full' as const;
    // id = the creation time, bumped past every existing id so two saves in one ms stay distinct.
    const id = Math.max(Math.floor(now), (maxId ?? 0) + 1);
    const row = { userId, id, ...f, score: scorePrompt(f.optimizedPrompt), createdAt: now };
    q.insertFavorite.run(row);
    return {
      favorite: toFavorite({
        ...row,
        original_prompt: f.originalPrompt,
        optimized_prompt: f.optimizedPrompt,
        created_at: now,
      }),
      created: true,
    };
  });

  const recordRun = db.transaction(
    (
      userId: string,
      run: Parameters<UserDataStore['recordRun']>[1],
      score: number,
      now: number,
      timeZone: string | null,
      startedAt: number,
    ) => {
      if (q.deletedSince.get(userId, startedAt)) throw new AccountDeletedError();
      // A refinement joins its version's chain; a Perfect of a task already perfected joins that task's chain.
      const earlier =
        run.refines !== null
          ? q.chainOf.get(userId, run.refines)
          : run.kind === 'perfect'
            ? q.chainOfTask.get(userId, run.input)
            : undefined;
      const info = q.insertHistory.run({
        userId,
        ...run,
        options: JSON.stringify(run.options),
        createdAt: now,
        stopped: run.stopped ? 1 : 0,
      });
      const id = Number(info.lastInsertRowid);
      const chainId = earlier?.chain_id || id;
      q.setChain.run(chainId, id);
      q.pruneHistory.run(userId, userId, HISTORY_MAX);
      // A stopped run is kept in history but earns nothing.
      if (run.kind !== 'perfect' || run.stopped) return { historyId: id, progress: null };
      const before = readStats(userId);
      const result = applyRunRules(withoutImportMark(before), score, now, timeZone ?? undefined);
      writeStats(userId, result.stats, result.newBadges);
      return {
        historyId: id,
        progress: { stats: result.stats, xpGained: result.xpGained, newBadges: result.newBadges },
      };
    },
  );

  const importOnce = db.transaction((userId: string, data: Parameters<UserDataStore['importOnce']>[1], now: number) => {
    const current = readStats(userId);
    if (current.importedAt !== null) return 'already' as const;
    let favorites = 0;
    for (const f of data.favorites) {
      const { createdAt, ...fields } = f;
      const created = createdAt ? Date.parse(createdAt) : now;
      const added = addFavorite(userId, fields, created);
      if (added !== 'full' && added.created) favorites += 1;
    }
    const { stats, newBadges } = mergeImportedStats(current, data.stats, now);
    writeStats(userId, stats, newBadges, now);
    return { favorites, xp: data.stats.xp, badges: newBadges.length };
  });

  const deleteAll = db.transaction((userId: string, now: number) => {
    q.markDeleted.run(userId, now);
    // SQLite here does not enforce foreign keys: a prompt's versions, labels and moves go first.
    for (const table of ['prompt_label_moves', 'prompt_labels', 'prompt_versions']) {
      db.prepare(`DELETE FROM ${table} WHERE prompt_id IN (SELECT id FROM prompts WHERE user_id = ?)`).run(userId);
    }
    for (const table of [
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
    ]) {
      db.prepare(`DELETE FROM ${table} WHERE user_id = ?`).run(userId);
    }
  });

  const getSettings = (userId: string) => settingsFrom(q.settings.get(userId)?.settings);

  return {
    async getSettings(userId) {
      return getSettings(userId);
    },
    async putSettings(userId, settings) {
      q.putSettings.run(userId, JSON.stringify(settings), Date.now());
      return getSettings(userId);
    },
    async listFavorites(userId) {
      return q.favorites.all(userId).map(toFavorite);
    },
    async addFavorite(userId, favorite, now) {
      return addFavorite.immediate(userId, favorite, now);
    },
    async removeFavorite(userId, id) {
      return q.removeFavorite.run(userId, id).changes > 0;
    },
    async getProgress(userId) {
      return withoutImportMark(readStats(userId));
    },
    async recordRun(userId, run, score, now, timeZone, startedAt) {
      return recordRun.immediate(userId, run, score, now, timeZone, startedAt);
    },
    async hasHistoryEntry(userId, id) {
      return q.chainOf.get(userId, id) !== undefined;
    },
    async listHistory(userId, { before, limit, text, chainId }) {
      const rows = q.history.all({
        userId,
        before: before ?? Number.MAX_SAFE_INTEGER,
        text: text ? likeText(text) : null,
        chainId: chainId ?? null,
        limit: limit + 1,
      });
      const items = rows.slice(0, limit).map(toHistory);
      return { items, nextCursor: rows.length > limit ? String(items[items.length - 1].id) : null };
    },
    async importOnce(userId, data, now) {
      return importOnce.immediate(userId, data, now);
    },
    async exportAll(userId) {
      return {
        settings: getSettings(userId),
        favorites: q.favorites.all(userId).map(toFavorite),
        progress: withoutImportMark(readStats(userId)),
        history: q.allHistory.all(userId).map(toHistory),
      };
    },
    async deleteAll(userId, now) {
      deleteAll.immediate(userId, now);
    },
  };
}
