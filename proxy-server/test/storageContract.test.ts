/**
 * One contract for every storage backend: the same tests against SQLite (DATA_DIR) and against a
 * real PostgreSQL (DATABASE_URL) started for this file. "Two instances" are two storages opened on
 * the same database, as two proxy-server processes would.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { NewFavorite } from '@prompt-perfect/core/api/account';
import { loadConfig } from '../src/config';
import Database from 'better-sqlite3';
import path from 'node:path';
import { DB_FILE } from '../src/db/openSqlite';
import { MIGRATIONS as LEGACY_MIGRATIONS, migrate } from './fixtures/legacySchema/sqliteMigrations';
import { migratePg, PG_MIGRATIONS } from './fixtures/legacySchema/pgMigrations';
import { MIGRATIONS } from '../src/db/migrations';
import { createPgPool } from '../src/db/pgPool';
import { openStorage, reservationTtlMs, type Storage } from '../src/storage';
import { AccountDeletedError } from '../src/features/account/userData';
import { CLEAN_ENV, tempDir } from './helpers';
import { bothBackends } from './bothBackends';
import type { ImportBundle } from '../src/features/prompts/formats/bundle';

const SECRET = 'contract-secret-0123456789abcdef0123';
const IP = '203.0.113.9';
const OPTIONS = { technique: 'zero-shot', language: 'English', tone: 'Normal' } as const;
const favorite = (n: number | string): NewFavorite => ({
  originalPrompt: `task ${n}`,
  optimizedPrompt: `Optimized prompt ${n}.`,
  ...OPTIONS,
});
const run = (
  input: string,
  refines: number | null = null,
  kind: 'perfect' | 'continue' = 'perfect',
  stopped = false,
) => ({
  kind,
  input,
  output: `Better: ${input}`,
  provider: 'openai' as const,
  model: 'gpt-4o',
  options: { ...OPTIONS },
  refines,
  stopped,
});

const { backends, newDatabase } = bothBackends(() => ({ DATA_DIR: tempDir() }));

describe.each(backends)('storage contract on %s', (_name, location) => {
  const opened: Storage[] = [];
  /** A storage on a new empty database, and a way to open a second "instance" on the same one. */
  async function fresh() {
    const env = { ...CLEAN_ENV, ...(await location()), PROVIDER_TIMEOUT_MS: '1000', PROVIDER_MAX_RETRIES: '0' };
    const open = async () => {
      const storage = await openStorage(loadConfig(env));
      opened.push(storage);
      return storage;
    };
    return { storage: await open(), another: open };
  }
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
  });

  describe('user data', () => {
    it('settings: defaults, then what was stored; per user', async () => {
      const { userData } = (await fresh()).storage;
      const defaults = await userData.getSettings('ada');
      expect(defaults).toMatchObject({ aiEnabled: null, timeZone: null });
      const saved = await userData.putSettings('ada', { ...defaults, aiEnabled: true, timeZone: 'Europe/Paris' });
      expect(saved).toMatchObject({ aiEnabled: true, timeZone: 'Europe/Paris' });
      expect(await userData.getSettings('ada')).toEqual(saved);
      expect(await userData.getSettings('grace')).toEqual(defaults);
    });

    it('favorites: newest first, a pair is saved once, ids stay distinct in one ms, removal is per user', async () => {
      const { userData } = (await fresh()).storage;
      const first = await userData.addFavorite('ada', favorite(1), 5_000);
      const second = await userData.addFavorite('ada', favorite(2), 5_000);
      const again = await userData.addFavorite('ada', favorite(1), 9_000);
      if (first === 'full' || second === 'full' || again === 'full') throw new Error('unexpected full');
      expect(first.created && second.created).toBe(true);
      expect(second.favorite.id).toBe(first.favorite.id + 1);
      expect(again).toEqual({ favorite: first.favorite, created: false });
      expect((await userData.listFavorites('ada')).map((f) => f.originalPrompt)).toEqual(['task 2', 'task 1']);
      expect(first.favorite).toMatchObject({ createdAt: new Date(5_000).toISOString(), technique: 'zero-shot' });
      expect(await userData.listFavorites('grace')).toEqual([]);
      expect(await userData.removeFavorite('grace', first.favorite.id)).toBe(false);
      expect(await userData.removeFavorite('ada', first.favorite.id)).toBe(true);
      expect((await userData.listFavorites('ada')).map((f) => f.originalPrompt)).toEqual(['task 2']);
    });

    it('runs: history with chains, text search (case-insensitive, % literal), pages; progress from Perfect runs only', async () => {
      const { userData } = (await fresh()).storage;
      const a = await userData.recordRun('ada', run('Write about 100% RAIN'), 80, 1_000, null, 1_000);
      const b = await userData.recordRun('ada', run('shorter', a.historyId), 70, 2_000, 'UTC', 2_000);
      const c = await userData.recordRun('ada', run('go on', null, 'continue'), 0, 3_000, null, 3_000);
      expect(a.progress?.stats.totalPrompts).toBe(1);
      expect(b.progress?.stats.totalPrompts).toBe(2);
      expect(c.progress).toBeNull();
      expect(await userData.hasHistoryEntry('ada', b.historyId)).toBe(true);
      expect(await userData.hasHistoryEntry('grace', b.historyId)).toBe(false);

      const all = await userData.listHistory('ada', { limit: 10 });
      expect(all.items.map((e) => e.input)).toEqual(['go on', 'shorter', 'Write about 100% RAIN']);
      expect(all.items[1]).toMatchObject({
        chainId: a.historyId,
        refines: a.historyId,
        options: OPTIONS,
        createdAt: new Date(2_000).toISOString(),
        stopped: false,
      });
      expect((await userData.listHistory('ada', { limit: 10, chainId: a.historyId })).items).toHaveLength(2);
      expect((await userData.listHistory('ada', { limit: 10, text: '100% rain' })).items.map((e) => e.input)).toEqual([
        'Write about 100% RAIN',
      ]);
      expect((await userData.listHistory('ada', { limit: 10, text: '0%_' })).items).toEqual([]);
      const page = await userData.listHistory('ada', { limit: 2 });
      expect(page.nextCursor).toBe(String(b.historyId));
      expect(
        (await userData.listHistory('ada', { limit: 2, before: Number(page.nextCursor) })).items.map((e) => e.input),
      ).toEqual(['Write about 100% RAIN']);
      expect((await userData.listHistory('grace', { limit: 10 })).items).toEqual([]);

      expect(await userData.getProgress('ada')).toMatchObject({ totalPrompts: 2, xp: b.progress?.stats.xp });
      // A run the user stopped is kept with what had arrived, and says so.
      await userData.recordRun('ada', run('cut short', null, 'perfect', true), 40, 4_000, null, 4_000);
      expect((await userData.listHistory('ada', { limit: 1 })).items[0]).toMatchObject({
        input: 'cut short',
        stopped: true,
      });
    });

    it('one chain per task: a Perfect of a task already perfected joins its chain; a stopped run earns nothing', async () => {
      const { userData } = (await fresh()).storage;
      const first = await userData.recordRun('ada', run('Plan a trip'), 80, 1_000, null, 1_000);
      const refined = await userData.recordRun(
        'ada',
        run('add a budget', first.historyId, 'continue'),
        0,
        2_000,
        null,
        2_000,
      );
      const again = await userData.recordRun('ada', run('Plan a trip'), 80, 3_000, null, 3_000);
      const other = await userData.recordRun('ada', run('Plan a party'), 80, 4_000, null, 4_000);
      const chain = await userData.listHistory('ada', { limit: 10, chainId: first.historyId });
      expect(chain.items.map((e) => e.id)).toEqual([again.historyId, refined.historyId, first.historyId]);
      expect((await userData.listHistory('ada', { limit: 10, chainId: other.historyId })).items).toHaveLength(1);
      // Another account's same task starts its own chain.
      const grace = await userData.recordRun('grace', run('Plan a trip'), 80, 5_000, null, 5_000);
      expect((await userData.listHistory('grace', { limit: 10 })).items[0].chainId).toBe(grace.historyId);

      const before = await userData.getProgress('ada');
      const stopped = await userData.recordRun(
        'ada',
        run('Plan a trip', null, 'perfect', true),
        90,
        6_000,
        null,
        6_000,
      );
      expect(stopped.progress).toBeNull();
      expect(await userData.getProgress('ada')).toEqual(before);
    });

    it('concurrent runs of one account all count (no lost update)', async () => {
      const { storage, another } = await fresh();
      const second = await another();
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? storage : second).userData.recordRun('ada', run(`task ${i}`), 50, 1_000 + i, null, 1_000),
        ),
      );
      expect((await storage.userData.getProgress('ada')).totalPrompts).toBe(20);
      expect((await second.userData.listHistory('ada', { limit: 50 })).items).toHaveLength(20);
    });

    it("another account's history entry is not joined, and two instances saving favorites at once keep each pair once", async () => {
      const { storage, another } = await fresh();
      const second = await another();
      const ada = await storage.userData.recordRun('ada', run('Plan a trip'), 80, 1_000, null, 1_000);
      const grace = await second.userData.recordRun(
        'grace',
        run('refine it', ada.historyId, 'continue'),
        0,
        2_000,
        null,
        2_000,
      );
      expect((await storage.userData.listHistory('grace', { limit: 10 })).items[0].chainId).toBe(grace.historyId);
      expect((await storage.userData.listHistory('grace', { limit: 10, chainId: ada.historyId })).items).toEqual([]);
      expect((await storage.userData.listHistory('ada', { limit: 10, chainId: ada.historyId })).items).toHaveLength(1);

      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? storage : second).userData.addFavorite('ada', favorite(i % 5), 5_000),
        ),
      );
      const saved = await second.userData.listFavorites('ada');
      expect(saved.map((f) => f.originalPrompt).sort()).toEqual(['task 0', 'task 1', 'task 2', 'task 3', 'task 4']);
      expect(new Set(saved.map((f) => f.id)).size).toBe(5);
    });

    it('import once, export everything, delete everything of one user only', async () => {
      const { userData } = (await fresh()).storage;
      await userData.addFavorite('ada', favorite('existing'), 1_000);
      const imported = await userData.importOnce(
        'ada',
        {
          favorites: [favorite('existing'), { ...favorite('old'), createdAt: new Date(500).toISOString() }],
          stats: { xp: 120, streak: 3, totalPrompts: 12, lastActivity: 400 },
        },
        2_000,
      );
      expect(imported).toMatchObject({ favorites: 1, xp: 120 });
      expect(
        await userData.importOnce(
          'ada',
          { favorites: [], stats: { xp: 5, streak: 0, totalPrompts: 0, lastActivity: null } },
          3_000,
        ),
      ).toBe('already');
      await userData.recordRun('ada', run('one more'), 60, 4_000, null, 4_000);
      await userData.addFavorite('grace', favorite('hers'), 1_000);

      const exported = await userData.exportAll('ada');
      expect(exported.favorites.map((f) => f.originalPrompt).sort()).toEqual(['task existing', 'task old']);
      expect(exported.progress.totalPrompts).toBe(13);
      expect(exported.progress.xp).toBeGreaterThan(120);
      expect(exported.history).toHaveLength(1);

      await userData.deleteAll('ada', 5_000);
      expect(await userData.exportAll('ada')).toMatchObject({
        favorites: [],
        history: [],
        progress: { xp: 0, totalPrompts: 0, badges: [] },
      });
      expect(await userData.listFavorites('grace')).toHaveLength(1);
    });
  });

  describe('deleting an account', () => {
    it('a run started before the deletion records nothing, on any instance; a later one records again', async () => {
      const { storage, another } = await fresh();
      const second = await another();
      await storage.userData.recordRun('ada', run('before'), 80, 1_000, null, 1_000);
      await storage.userData.deleteAll('ada', 2_000);
      await expect(second.userData.recordRun('ada', run('in flight'), 80, 3_000, null, 1_500)).rejects.toThrow(
        AccountDeletedError,
      );
      await expect(storage.userData.recordRun('ada', run('same ms'), 80, 3_000, null, 2_000)).rejects.toThrow(
        AccountDeletedError,
      );
      expect(await second.userData.exportAll('ada')).toMatchObject({
        history: [],
        progress: { xp: 0, totalPrompts: 0, badges: [] },
      });
      await storage.userData.recordRun('grace', run('hers'), 80, 3_000, null, 1_500);
      const again = await second.userData.recordRun('ada', run('signed in again'), 80, 4_000, null, 2_001);
      expect(again.progress?.stats.totalPrompts).toBe(1);
    });

    it("ends every session of the user, on any instance, and no one else's", async () => {
      const { storage, another } = await fresh();
      const second = await another();
      const ada = { id: 'ada', name: 'Ada', email: 'ada@example.com' };
      const one = await storage.sessions.create(ada);
      const two = await second.sessions.create(ada);
      const grace = await storage.sessions.create({ id: 'grace', name: 'Grace', email: 'grace@example.com' });
      await second.sessions.deleteAllOf('ada');
      expect(await storage.sessions.get(one)).toBeNull();
      expect(await second.sessions.get(two)).toBeNull();
      expect(await storage.sessions.get(grace)).toMatchObject({ id: 'grace' });
    });
  });

  describe('trial counts', () => {
    const limits = { perVisitor: 10, perIp: 1000, ipWindowMs: 24 * 60 * 60 * 1000 };

    it('a committed run counts, a released one does not; commit and release take effect once', async () => {
      const trials = (await fresh()).storage.trialStore(limits, SECRET);
      expect(await trials.remaining('v', IP)).toBe(10);
      const ok = await trials.reserve('v', IP);
      expect(await ok!.commit()).toBe(9);
      expect(await ok!.commit()).toBe(9);
      const failed = await trials.reserve('v', IP);
      await failed!.release();
      await failed!.commit();
      expect(await trials.remaining('v', IP)).toBe(9);
    });

    it('40 parallel reservations of one visitor on two instances: exactly 10 granted, 10 counted', async () => {
      const { storage, another } = await fresh();
      const stores = [storage.trialStore(limits, SECRET), (await another()).trialStore(limits, SECRET)];
      const granted = (
        await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % 2].reserve('visitor', IP)))
      ).filter((r) => r !== null);
      expect(granted).toHaveLength(10);
      await Promise.all(granted.map((r) => r.commit()));
      expect(await stores[1].remaining('visitor', IP)).toBe(0);
      expect(await stores[0].reserve('visitor', IP)).toBeNull();
    });

    it('40 parallel reservations of different visitors behind one IP: exactly the per-IP ceiling', async () => {
      const { storage, another } = await fresh();
      const perIp = { ...limits, perIp: 7 };
      const stores = [storage.trialStore(perIp, SECRET), (await another()).trialStore(perIp, SECRET)];
      const granted = (
        await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % 2].reserve(`visitor-${i}`, IP)))
      ).filter((r) => r !== null);
      expect(granted).toHaveLength(7);
      await Promise.all(granted.map((r) => r.release()));
      expect(await stores[0].remaining('someone', IP)).toBe(7);
    });

    it('per-IP runs age out of the rolling window; the visitor limit stays for good', async () => {
      let clock = Date.now();
      const hour = 60 * 60 * 1000;
      const trials = (await fresh()).storage.trialStore(
        { perVisitor: 2, perIp: 3, ipWindowMs: 24 * hour },
        SECRET,
        () => clock,
      );
      for (const visitor of ['a', 'b', 'c']) await (await trials.reserve(visitor, IP))!.commit();
      expect(await trials.remaining('d', IP)).toBe(0);
      expect(await trials.reserve('d', IP)).toBeNull();
      clock += 23 * hour;
      expect(await trials.reserve('d', IP)).toBeNull();
      clock += hour + 1;
      expect(await trials.remaining('e', IP)).toBe(2);
      await (await trials.reserve('d', IP))!.commit();
      expect(await trials.remaining('e', IP)).toBe(2);
      clock += 365 * 24 * hour;
      expect(await trials.remaining('a', '198.51.100.1')).toBe(1);
    });
  });

  describe('sessions', () => {
    it('a session made on one instance is valid on another until deleted; unknown ids are not', async () => {
      const { storage, another } = await fresh();
      const other = await another();
      const id = await storage.sessions.create({ id: 'local_ada', name: 'Ada', email: 'ada@example.com' });
      expect(await other.sessions.get(id)).toEqual({
        id: 'local_ada',
        name: 'Ada',
        email: 'ada@example.com',
        source: 'local',
      });
      expect(await other.sessions.get(`${id}x`)).toBeNull();
      await other.sessions.delete(id);
      expect(await storage.sessions.get(id)).toBeNull();
    });
  });

  describe('[prove] test sets and API tokens', () => {
    const set = (name: string, inputs: string[]) => ({
      name,
      prompt: 'Answer customer questions.',
      rubric: 'The answer is short.',
      cases: inputs.map((input, i) => ({ id: `c${i + 1}`, input })),
    });

    it('test sets: created, listed newest first with their case count, updated and removed, only by their owner', async () => {
      const { testSets } = (await fresh()).storage;
      const first = await testSets.create('ada', set('Help desk', ['a', 'b']), 1_000);
      const second = await testSets.create('ada', set('Returns', ['c']), 2_000);
      expect(first).toMatchObject({
        name: 'Help desk',
        cases: [
          { id: 'c1', input: 'a' },
          { id: 'c2', input: 'b' },
        ],
        createdAt: new Date(1_000).toISOString(),
      });
      expect(await testSets.list('ada')).toEqual([
        { id: second.id, name: 'Returns', caseCount: 1, updatedAt: new Date(2_000).toISOString() },
        { id: first.id, name: 'Help desk', caseCount: 2, updatedAt: new Date(1_000).toISOString() },
      ]);
      expect(await testSets.get('grace', first.id)).toBeUndefined();
      expect(await testSets.update('grace', first.id, set('Taken', []), 3_000)).toBeUndefined();
      expect(await testSets.remove('grace', first.id)).toBe(false);
      const updated = await testSets.update('ada', first.id, set('Help desk v2', ['a']), 3_000);
      expect(updated).toMatchObject({
        name: 'Help desk v2',
        createdAt: new Date(1_000).toISOString(),
        updatedAt: new Date(3_000).toISOString(),
      });
      expect((await testSets.list('ada')).map((s) => s.name)).toEqual(['Help desk v2', 'Returns']);
      expect(await testSets.remove('ada', first.id)).toBe(true);
      expect(await testSets.get('ada', first.id)).toBeUndefined();
      expect(await testSets.list('grace')).toEqual([]);
    });

    it('a set keeps its split: changed only by its owner, every change of two instances at once kept, untouched by edits', async () => {
      const { storage, another } = await fresh();
      const other = await another();
      const made = await storage.testSets.create('ada', set('Help desk', ['a', 'b', 'c']), 1_000);
      expect(made.split).toEqual({});
      expect(await storage.testSets.changeSplit('grace', made.id, () => ({ c1: { side: 'test', tests: 9 } }))).toBe(
        false,
      );
      await storage.testSets.changeSplit('ada', made.id, () => ({
        c1: { side: 'test', tests: 0 },
        c2: { side: 'train', tests: 0 },
      }));
      // Twenty tests counted at once from two instances: none is lost.
      const count = (r: Record<string, { side: 'train' | 'validation' | 'test'; tests: number }>) => ({
        ...r,
        c1: { ...r.c1, tests: r.c1.tests + 1 },
      });
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? other : storage).testSets.changeSplit('ada', made.id, count)),
      );
      await storage.testSets.update('ada', made.id, set('Help desk v2', ['a', 'b', 'c', 'd']), 2_000);
      expect((await other.testSets.get('ada', made.id))?.split).toEqual({
        c1: { side: 'test', tests: 20 },
        c2: { side: 'train', tests: 0 },
      });
    });

    it('API tokens made before scopes existed keep both read and run', async () => {
      const env = { ...CLEAN_ENV, ...(await location()) };
      const beforeScopes = LEGACY_MIGRATIONS.findIndex((m) => m.name.startsWith('scopes on personal API tokens'));
      const insert =
        "INSERT INTO api_tokens (user_id, user_name, user_email, name, token_hash, created_at) VALUES ('ada', 'Ada', 'ada@example.com', 'Old', 'hash-of-old', 1000)";
      if (env.DATABASE_URL) {
        const pool = createPgPool(env.DATABASE_URL);
        await migratePg(pool, PG_MIGRATIONS.slice(0, beforeScopes));
        await pool.query(insert);
        await pool.end();
      } else {
        const db = new Database(path.join(env.DATA_DIR as string, DB_FILE));
        migrate(db, LEGACY_MIGRATIONS.slice(0, beforeScopes));
        db.exec(insert);
        db.close();
      }
      const storage = await openStorage(loadConfig(env));
      opened.push(storage);
      expect(await storage.apiTokens.list('ada')).toEqual([
        expect.objectContaining({ name: 'Old', scopes: ['read', 'run'] }),
      ]);
    });

    it('API tokens: a token authenticates as its user on any instance until revoked; deleting the account removes both', async () => {
      const { storage, another } = await fresh();
      const second = await another();
      const ada = { id: 'ada', name: 'Ada', email: 'ada@example.com' };
      const info = await storage.apiTokens.create(ada, 'CI script', ['run', 'read'], 'pp_secret-token', 5_000);
      expect(info).toEqual({
        id: info.id,
        name: 'CI script',
        scopes: ['read', 'run'],
        createdAt: new Date(5_000).toISOString(),
        lastUsedAt: null,
      });
      expect(await second.apiTokens.authenticate('pp_secret-token', 6_000)).toEqual({
        user: ada,
        scopes: ['read', 'run'],
      });
      const reader = await storage.apiTokens.create(ada, 'Dashboard', ['read'], 'pp_reader', 5_500);
      expect(reader.scopes).toEqual(['read']);
      expect(await second.apiTokens.authenticate('pp_reader', 6_000)).toEqual({ user: ada, scopes: ['read'] });
      expect(await second.apiTokens.remove('ada', reader.id)).toBe(true);
      expect(await storage.apiTokens.authenticate('pp_other', 6_000)).toBeUndefined();
      expect(await storage.apiTokens.list('ada')).toEqual([{ ...info, lastUsedAt: new Date(6_000).toISOString() }]);
      expect(await storage.apiTokens.remove('grace', info.id)).toBe(false);
      expect(await second.apiTokens.remove('ada', info.id)).toBe(true);
      expect(await storage.apiTokens.authenticate('pp_secret-token', 7_000)).toBeUndefined();

      await storage.apiTokens.create(ada, 'Another', ['run'], 'pp_another', 8_000);
      await storage.testSets.create('ada', set('Kept until deleted', ['a']), 8_000);
      await storage.userData.deleteAll('ada', 9_000);
      expect(await storage.apiTokens.authenticate('pp_another', 9_000)).toBeUndefined();
      expect(await storage.testSets.list('ada')).toEqual([]);
    });
  });

  describe('[registry] prompts, versions and labels', () => {
    const ada = { id: 'ada', name: 'Ada', email: 'ada@example.com' };
    const grace = { id: 'grace', name: 'Grace', email: 'grace@example.com' };
    const v = (text: string, message = '') => ({
      text,
      message,
      technique: 'few-shot',
      provider: 'openai',
      model: 'gpt-4o',
      options: { temperature: 0.2 },
    });

    it('numbered versions with their variables and config; names are per account', async () => {
      const { prompts } = (await fresh()).storage;
      const one = await prompts.saveVersion(
        ada,
        'support-reply',
        v('Answer {{customer}} about {{ topic }}.', 'first'),
        1_000,
      );
      const two = await prompts.saveVersion(ada, 'support-reply', v('Answer {{customer}} kindly.'), 2_000);
      await prompts.saveVersion(grace, 'support-reply', v('Hers'), 3_000);
      expect(one).toMatchObject({
        version: 1,
        variables: ['customer', 'topic'],
        message: 'first',
        createdBy: 'Ada',
        options: { temperature: 0.2 },
      });
      expect(two.version).toBe(2);
      expect((await prompts.versions('ada', 'support-reply'))?.map((x) => x.version)).toEqual([2, 1]);
      expect((await prompts.versions('grace', 'support-reply'))?.map((x) => x.text)).toEqual(['Hers']);
      expect(await prompts.versions('grace', 'nothing')).toBeUndefined();
      expect(await prompts.list('ada')).toEqual([
        { name: 'support-reply', latestVersion: 2, labels: {}, updatedAt: new Date(2_000).toISOString() },
      ]);
      expect(await prompts.resolve('ada', 'support-reply', { newest: true })).toMatchObject({
        version: 2,
        label: null,
        config: { model: 'gpt-4o' },
      });
      expect(await prompts.resolve('ada', 'support-reply', { version: 1 })).toMatchObject({
        text: 'Answer {{customer}} about {{ topic }}.',
      });
      expect(await prompts.resolve('ada', 'support-reply', { version: 9 })).toBe('no-version');
      expect(await prompts.resolve('ada', 'support-reply', { label: 'production' })).toBe('no-label');
      expect(await prompts.resolve('bob', 'support-reply', { newest: true })).toBe('no-prompt');
    });

    it('labels move, are recorded, undo; a protected label needs confirm; another account cannot move them', async () => {
      const { storage, another } = await fresh();
      const { prompts } = storage;
      for (const [i, t] of ['one', 'two', 'three'].entries()) await prompts.saveVersion(ada, 'p', v(t), 1_000 + i);
      const created = await prompts.moveLabel(ada, 'p', 'production', { version: 1 }, 5_000);
      expect(created).toMatchObject({
        labels: [{ label: 'production', version: 1, protected: false }],
        moves: [{ fromVersion: null, toVersion: 1, movedBy: 'Ada' }],
      });
      expect(await prompts.moveLabel(ada, 'p', 'production', { version: 9 }, 5_100)).toBe('no-version');
      expect(await prompts.moveLabel(grace, 'p', 'production', { version: 2 }, 5_200)).toBe('no-prompt');
      const moved = await (await another()).prompts.moveLabel(
        ada,
        'p',
        'production',
        { version: 3, protected: true },
        6_000,
      );
      if (typeof moved === 'string') throw new Error(moved);
      expect(moved.moves[0]).toMatchObject({
        fromVersion: 1,
        toVersion: 3,
        movedAt: new Date(6_000).toISOString(),
        undo: false,
      });
      expect(await prompts.resolve('ada', 'p', { label: 'production' })).toMatchObject({
        version: 3,
        text: 'three',
        label: 'production',
      });

      expect(await prompts.moveLabel(ada, 'p', 'production', { version: 2 }, 7_000)).toBe('protected');
      expect(await prompts.undoLabel(ada, 'p', 'production', false, 7_000)).toBe('protected');
      const undone = await prompts.undoLabel(ada, 'p', 'production', true, 8_000);
      if (typeof undone === 'string') throw new Error(undone);
      expect(undone.labels).toEqual([
        { label: 'production', version: 1, protected: true, updatedAt: new Date(8_000).toISOString() },
      ]);
      expect(undone.moves[0]).toMatchObject({ fromVersion: 3, toVersion: 1, undo: true });
      expect(await prompts.list('ada')).toMatchObject([{ labels: { production: 1 } }]);

      await prompts.moveLabel(ada, 'p', 'staging', { version: 2 }, 9_000);
      const removed = await prompts.undoLabel(ada, 'p', 'staging', false, 9_100);
      if (typeof removed === 'string') throw new Error(removed);
      expect(removed.labels.map((l) => l.label)).toEqual(['production']);
      expect(await prompts.undoLabel(ada, 'p', 'canary', false, 9_200)).toBe('no-move');
      expect(await prompts.labels('grace', 'p')).toBeUndefined();
    });

    it('an import lands whole (versions after existing ones, labels, test sets) or not at all', async () => {
      const { prompts, testSets } = (await fresh()).storage;
      await prompts.saveVersion(ada, 'kept', v('existing'), 1_000);
      const bundle: ImportBundle = {
        prompts: [
          { name: 'kept', versions: [v('imported a'), v('imported b')], labels: { staging: 2 } },
          { name: 'fresh', versions: [v('new one')], labels: {} },
        ],
        testSets: [{ name: 'Imported', prompt: 'p', rubric: 'r', cases: [{ id: 'c1', input: 'hi' }] }],
      };
      expect(await prompts.importBundle(ada, bundle, 2_000)).toEqual({
        prompts: [
          { name: 'kept', versions: [2, 3] },
          { name: 'fresh', versions: [1] },
        ],
        testSets: 1,
      });
      expect(await prompts.resolve('ada', 'kept', { label: 'staging' })).toMatchObject({
        version: 3,
        text: 'imported b',
      });
      expect((await testSets.list('ada')).map((t) => t.name)).toEqual(['Imported']);

      await prompts.moveLabel(ada, 'kept', 'staging', { version: 1, protected: true, confirm: true }, 3_000);
      const again = { ...bundle, prompts: [{ name: 'other', versions: [v('x')], labels: {} }, bundle.prompts[0]] };
      expect(await prompts.importBundle(ada, again, 4_000)).toEqual({ protectedLabel: 'staging', name: 'kept' });
      expect((await prompts.list('ada')).map((p) => p.name).sort()).toEqual(['fresh', 'kept']);
      expect((await prompts.versions('ada', 'kept'))?.length).toBe(3);
      expect(await testSets.list('ada')).toHaveLength(1);
    });

    it('webhook: one per account, replaced on save; deliveries recorded per attempt, newest first, per user', async () => {
      const { webhooks } = (await fresh()).storage;
      expect(await webhooks.get('ada')).toBeUndefined();
      await webhooks.set('ada', 'http://a.example/1', 'whsec_1', 1_000);
      expect(await webhooks.set('ada', 'http://a.example/2', 'whsec_2', 2_000)).toEqual({
        url: 'http://a.example/2',
        secret: 'whsec_2',
        createdAt: new Date(2_000).toISOString(),
      });
      const first = await webhooks.enqueue('ada', 'http://a.example/2', '{"n":1}', 3_000);
      const second = await webhooks.enqueue('ada', 'http://a.example/2', '{"n":2}', 3_000);
      expect(first).toMatchObject({ status: 'pending', attempts: 0, lastResponse: null });
      await webhooks.record(first.id, 'failed', 4, 500, 'The receiver answered 500.', 4_000);
      await webhooks.record(second.id, 'delivered', 1, 200, null, 4_000);
      expect(
        (await webhooks.deliveries('ada', 10)).map((d) => [d.payload, d.status, d.attempts, d.lastResponse]),
      ).toEqual([
        ['{"n":2}', 'delivered', 1, 200],
        ['{"n":1}', 'failed', 4, 500],
      ]);
      expect(await webhooks.deliveries('grace', 10)).toEqual([]);
      expect(await webhooks.remove('grace')).toBe(false);
      expect(await webhooks.remove('ada')).toBe(true);
      expect(await webhooks.get('ada')).toBeUndefined();
    });

    it("another account's prompt behaves as one that does not exist: no undo, and an import makes its own", async () => {
      const { prompts } = (await fresh()).storage;
      await prompts.saveVersion(ada, 'p', v('one'), 1_000);
      await prompts.moveLabel(ada, 'p', 'production', { version: 1 }, 2_000);
      expect(await prompts.undoLabel(grace, 'p', 'production', true, 3_000)).toBe('no-prompt');
      expect(await prompts.labels('grace', 'p')).toBeUndefined();
      const bundle = { prompts: [{ name: 'p', versions: [v('hers')], labels: { production: 1 } }], testSets: [] };
      expect(await prompts.importBundle(grace, bundle, 4_000)).toEqual({
        prompts: [{ name: 'p', versions: [1] }],
        testSets: 0,
      });
      expect((await prompts.versions('ada', 'p'))?.map((x) => x.text)).toEqual(['one']);
      expect(await prompts.resolve('ada', 'p', { label: 'production' })).toMatchObject({ text: 'one' });
      expect(await prompts.resolve('grace', 'p', { label: 'production' })).toMatchObject({ text: 'hers' });
    });

    it('label moves from two instances at once are recorded one after another, none lost', async () => {
      const { storage, another } = await fresh();
      const second = await another();
      for (const t of ['one', 'two', 'three']) await storage.prompts.saveVersion(ada, 'p', v(t), 1_000);
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? storage : second).prompts.moveLabel(ada, 'p', 'production', { version: (i % 3) + 1 }, 2_000 + i),
        ),
      );
      const labels = await storage.prompts.labels('ada', 'p');
      if (!labels) throw new Error('no prompt');
      const inOrder = [...labels.moves].reverse();
      expect(inOrder[0].fromVersion).toBeNull();
      for (let i = 1; i < inOrder.length; i++) expect(inOrder[i].fromVersion).toBe(inOrder[i - 1].toVersion);
      expect(labels.labels[0].version).toBe(labels.moves[0].toVersion);
    });

    it("deleting an account removes its prompts, labels, moves, webhook and deliveries, and nothing of another's", async () => {
      const { prompts, webhooks, userData } = (await fresh()).storage;
      for (const author of [ada, grace]) {
        await prompts.saveVersion(author, 'p', v(`${author.name}'s`), 1_000);
        await prompts.moveLabel(author, 'p', 'production', { version: 1 }, 2_000);
        await webhooks.set(author.id, `http://${author.id}.example/hook`, 'whsec_1', 2_000);
        await webhooks.enqueue(author.id, `http://${author.id}.example/hook`, '{"n":1}', 2_500);
      }
      await userData.deleteAll('ada', 3_000);
      expect(await prompts.list('ada')).toEqual([]);
      expect(await webhooks.get('ada')).toBeUndefined();
      expect(await webhooks.deliveries('ada', 10)).toEqual([]);
      await prompts.saveVersion(ada, 'p', v('again'), 4_000);
      expect(await prompts.labels('ada', 'p')).toEqual({ labels: [], moves: [] });
      expect(await prompts.resolve('grace', 'p', { label: 'production' })).toMatchObject({ text: "Grace's" });
      expect(await webhooks.deliveries('grace', 10)).toHaveLength(1);
    });

    it('concurrent saves from two instances get distinct version numbers; deleting the account deletes its prompts', async () => {
      const { storage, another } = await fresh();
      const second = await another();
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? storage : second).prompts.saveVersion(ada, 'busy', v(`text ${i}`), 1_000 + i),
        ),
      );
      expect((await storage.prompts.versions('ada', 'busy'))?.map((x) => x.version)).toEqual([
        10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
      ]);
      await storage.prompts.moveLabel(ada, 'busy', 'production', { version: 2 }, 2_000);
      await storage.userData.deleteAll('ada', 2_500);
      expect(await storage.prompts.list('ada')).toEqual([]);
      await storage.prompts.saveVersion(ada, 'busy', v('again'), 3_000);
      expect(await storage.prompts.labels('ada', 'busy')).toEqual({ labels: [], moves: [] });
    });
  });
});

describe('PostgreSQL only', () => {
  const env = async () => ({
    ...CLEAN_ENV,
    DATA_DIR: tempDir(),
    DATABASE_URL: await newDatabase(),
    PROVIDER_TIMEOUT_MS: '1000',
    PROVIDER_MAX_RETRIES: '0',
  });

  it('instances starting at once migrate once; a database a newer server migrated is refused', async () => {
    const config = loadConfig(await env());
    const storages = await Promise.all([openStorage(config), openStorage(config), openStorage(config)]);
    const pool = createPgPool(config.databaseUrl!);
    try {
      const { rows } = await pool.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name');
      expect(rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS));
      await pool.query('INSERT INTO kysely_migration (name, timestamp) VALUES ($1, $2)', ['9999_from_the_future', '']);
      await expect(openStorage(config)).rejects.toThrow(/schema version \d+, newer than this server knows/);
    } finally {
      await pool.end();
      for (const s of storages) await s.close();
    }
  });

  it('an instance starting does not free the trial runs in flight on others; they lapse after the run timeout', async () => {
    const config = loadConfig(await env());
    let clock = Date.now();
    const limits = { perVisitor: 1, perIp: 1000, ipWindowMs: 60_000 };
    const first = await openStorage(config);
    const second = await openStorage(config);
    try {
      expect(await first.trialStore(limits, SECRET, () => clock).reserve('v', IP)).not.toBeNull();
      const restarted = await openStorage(config);
      await restarted.close();
      const trials = second.trialStore(limits, SECRET, () => clock);
      expect(await trials.reserve('v', IP)).toBeNull();
      clock += reservationTtlMs(config) + 1;
      expect(await trials.reserve('v', IP)).not.toBeNull();
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('a database that cannot be reached stops the start with a message naming DATABASE_URL', async () => {
    const config = loadConfig({ ...(await env()), DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    await expect(openStorage(config)).rejects.toThrow(
      /The PostgreSQL database at DATABASE_URL cannot be used: .*Check that it is running/,
    );
  });
});
