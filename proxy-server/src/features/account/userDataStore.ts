/**
 * UserDataStore on the database, one implementation for SQLite and PostgreSQL. Every write that
 * reads first (favorites, runs, import, delete) is one transaction holding the account's lock, so
 * two instances serve the same account as one would.
 */
import { FAVORITES_MAX, HISTORY_MAX } from '@prompt-perfect/core/api/account';
import type { EarnedBadge } from '@prompt-perfect/core/progress/badges';
import { recordRun as applyRunRules, type Stats } from '@prompt-perfect/core/progress/recordRun';
import { scorePrompt } from '@prompt-perfect/core/progress/score';
import { containsText, earnedOrder, LOCK, lockKeys, type StorageDb, transaction } from '../../db/dialect';
import { AccountDeletedError, type UserDataStore } from './userData';
import {
  mergeImportedStats,
  settingsFrom,
  type StoredStats,
  statsFrom,
  toFavorite,
  toHistory,
  withoutImportMark,
} from './userDataRows';

type NewFavorite = Parameters<UserDataStore['addFavorite']>[1];

/** The tables with a user_id column that Delete my data empties of the account. */
export const USER_TABLES = [
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
  // [teams] Their memberships (an account that is an organization's only owner is not deleted: see routes.ts).
  'org_members',
] as const;

/** A transaction serialised with every other write to the same accounts (in one order: no deadlock). */
const forKeys = <T>(db: StorageDb, keys: string[], work: (trx: StorageDb) => Promise<T>) =>
  transaction(db, async (trx) => {
    await lockKeys(
      trx,
      [...new Set(keys)].sort().map((key) => [LOCK.user, key] as const),
    );
    return work(trx);
  });

/** A transaction serialised with every other write to the same account. */
const forUser = <T>(db: StorageDb, userId: string, work: (trx: StorageDb) => Promise<T>) => forKeys(db, [userId], work);

async function readStats(db: StorageDb, userId: string): Promise<StoredStats> {
  const progress = await db
    .selectFrom('user_progress')
    .select(['xp', 'streak', 'total_prompts', 'last_activity', 'imported_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const badges = await db
    .selectFrom('user_badges')
    .select(['badge_id', 'earned_at'])
    .where('user_id', '=', userId)
    .orderBy('earned_at')
    .orderBy(earnedOrder(db))
    .execute();
  return statsFrom(progress, badges);
}

async function writeStats(
  db: StorageDb,
  userId: string,
  stats: Stats,
  newBadges: EarnedBadge[],
  importedAt: number | null = null,
) {
  await db
    .insertInto('user_progress')
    .values({
      user_id: userId,
      xp: stats.xp,
      streak: stats.streak,
      total_prompts: stats.totalPrompts,
      last_activity: stats.lastActivity,
      imported_at: importedAt,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        xp: eb.ref('excluded.xp'),
        streak: eb.ref('excluded.streak'),
        total_prompts: eb.ref('excluded.total_prompts'),
        last_activity: eb.ref('excluded.last_activity'),
        imported_at: eb.fn.coalesce('excluded.imported_at', 'user_progress.imported_at'),
      })),
    )
    .execute();
  if (newBadges.length === 0) return;
  await db
    .insertInto('user_badges')
    .values(newBadges.map((b) => ({ user_id: userId, badge_id: b.id, earned_at: b.earnedAt })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

const favoritesOf = (db: StorageDb, userId: string) =>
  db.selectFrom('user_favorites').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();

/** Call inside the user's transaction. */
async function addFavorite(trx: StorageDb, userId: string, f: NewFavorite, now: number) {
  const existing = await trx
    .selectFrom('user_favorites')
    .selectAll()
    .where('user_id', '=', userId)
    .where('original_prompt', '=', f.originalPrompt)
    .where('optimized_prompt', '=', f.optimizedPrompt)
    .executeTakeFirst();
  if (existing) return { favorite: toFavorite(existing), created: false };
  const { n, maxId } = await trx
    .selectFrom('user_favorites')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('maxId')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= FAVORITES_MAX) return 'full' as const;
  const row = {
    user_id: userId,
    // id = the creation time, bumped past every existing id so two saves in one ms stay distinct.
    id: Math.max(Math.floor(now), Number(maxId ?? 0) + 1),
    original_prompt: f.originalPrompt,
    optimized_prompt: f.optimizedPrompt,
    technique: f.technique,
    language: f.language,
    tone: f.tone,
    score: scorePrompt(f.optimizedPrompt),
    created_at: now,
  };
  await trx
    .insertInto('user_favorites')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
  return { favorite: toFavorite(row), created: true };
}

/** The chain a new run joins: its version's, or for a Perfect of a task already perfected, that task's. */
async function chainFor(trx: StorageDb, userId: string, run: Parameters<UserDataStore['recordRun']>[1]) {
  const mine = trx.selectFrom('user_history').select('chain_id').where('user_id', '=', userId);
  if (run.refines !== null) return (await mine.where('id', '=', run.refines).executeTakeFirst())?.chain_id;
  if (run.kind !== 'perfect') return undefined;
  const task = mine.where('kind', '=', 'perfect').where('input', '=', run.input);
  return (await task.orderBy('id', 'desc').limit(1).executeTakeFirst())?.chain_id;
}

export function createUserData(db: StorageDb): UserDataStore {
  const getSettings = async (userId: string) => {
    const row = await db
      .selectFrom('user_settings')
      .select('settings')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return settingsFrom(row?.settings);
  };

  return {
    getSettings,
    async putSettings(userId, settings) {
      await db
        .insertInto('user_settings')
        .values({ user_id: userId, settings: JSON.stringify(settings), updated_at: Date.now() })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) => ({
            settings: eb.ref('excluded.settings'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
      return getSettings(userId);
    },
    async listFavorites(userId) {
      return (await favoritesOf(db, userId)).map(toFavorite);
    },
    addFavorite(userId, favorite, now) {
      return forUser(db, userId, (trx) => addFavorite(trx, userId, favorite, now));
    },
    async removeFavorite(userId, id) {
      const result = await db
        .deleteFrom('user_favorites')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    async getProgress(userId) {
      return withoutImportMark(await readStats(db, userId));
    },
    recordRun(userId, run, score, now, timeZone, startedAt, personId = userId) {
      return forKeys(db, [userId, personId], async (trx) => {
        const deleted = await trx
          .selectFrom('deleted_accounts')
          .select('user_id')
          .where('user_id', '=', personId)
          .where('deleted_at', '>=', startedAt)
          .executeTakeFirst();
        if (deleted) throw new AccountDeletedError();
        const earlier = await chainFor(trx, userId, run);
        const { id } = await trx
          .insertInto('user_history')
          .values({
            user_id: userId,
            kind: run.kind,
            input: run.input,
            output: run.output,
            provider: run.provider,
            model: run.model,
            options: JSON.stringify(run.options),
            refines: run.refines,
            chain_id: 0,
            created_at: now,
            stopped: run.stopped ? 1 : 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('user_history')
          .set({ chain_id: earlier || id })
          .where('id', '=', id)
          .execute();
        await trx
          .deleteFrom('user_history')
          .where('user_id', '=', userId)
          .where((eb) =>
            eb(
              'id',
              '<=',
              eb
                .selectFrom('user_history')
                .select('id')
                .where('user_id', '=', userId)
                .orderBy('id', 'desc')
                .limit(1)
                .offset(HISTORY_MAX),
            ),
          )
          .execute();
        // A stopped run is kept in history but earns nothing.
        if (run.kind !== 'perfect' || run.stopped) return { historyId: id, progress: null };
        const before = await readStats(trx, personId);
        const result = applyRunRules(withoutImportMark(before), score, now, timeZone ?? undefined);
        await writeStats(trx, personId, result.stats, result.newBadges);
        return {
          historyId: id,
          progress: { stats: result.stats, xpGained: result.xpGained, newBadges: result.newBadges },
        };
      });
    },
    async hasHistoryEntry(userId, id) {
      const row = await db
        .selectFrom('user_history')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },
    async listHistory(userId, { before, limit, text, chainId }) {
      let query = db
        .selectFrom('user_history')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '<', before ?? Number.MAX_SAFE_INTEGER);
      if (text) query = query.where((eb) => eb.or([containsText(db, 'input', text), containsText(db, 'output', text)]));
      if (chainId !== undefined) query = query.where('chain_id', '=', chainId);
      const rows = await query
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
      const items = rows.slice(0, limit).map(toHistory);
      return { items, nextCursor: rows.length > limit ? String(items[items.length - 1].id) : null };
    },
    importOnce(userId, data, now) {
      return forUser(db, userId, async (trx) => {
        const current = await readStats(trx, userId);
        if (current.importedAt !== null) return 'already' as const;
        let favorites = 0;
        for (const { createdAt, ...fields } of data.favorites) {
          const added = await addFavorite(trx, userId, fields, createdAt ? Date.parse(createdAt) : now);
          if (added !== 'full' && added.created) favorites += 1;
        }
        const { stats, newBadges } = mergeImportedStats(withoutImportMark(current), data.stats, now);
        await writeStats(trx, userId, stats, newBadges, now);
        return { favorites, xp: data.stats.xp, badges: newBadges.length };
      });
    },
    async exportAll(userId) {
      const history = await db
        .selectFrom('user_history')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute();
      return {
        settings: await getSettings(userId),
        favorites: (await favoritesOf(db, userId)).map(toFavorite),
        progress: withoutImportMark(await readStats(db, userId)),
        history: history.map(toHistory),
      };
    },
    async deleteAll(userId, now) {
      await forUser(db, userId, async (trx) => {
        await trx
          .insertInto('deleted_accounts')
          .values({ user_id: userId, deleted_at: now })
          .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ deleted_at: eb.ref('excluded.deleted_at') })))
          .execute();
        // [teams] The personal space's share links and audit log, keyed by owner_id.
        for (const table of ['share_links', 'audit_log'] as const)
          await trx.deleteFrom(table).where('owner_id', '=', userId).execute();
        // SQLite here does not enforce foreign keys: a prompt's versions, labels and moves go first.
        const prompts = trx.selectFrom('prompts').select('id').where('user_id', '=', userId);
        for (const table of ['prompt_label_moves', 'prompt_labels', 'prompt_versions'] as const) {
          await trx.deleteFrom(table).where('prompt_id', 'in', prompts).execute();
        }
        for (const table of USER_TABLES) await trx.deleteFrom(table).where('user_id', '=', userId).execute();
      });
    },
  };
}
