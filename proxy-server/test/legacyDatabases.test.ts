/**
 * Databases written by the server from before Kysely migrate in place, on SQLite and on PostgreSQL:
 * every row reads back through the stores, and the schema is the one a new database gets. "Today's
 * code" is that server's migration runners, kept unchanged in fixtures/legacySchema, and its SQL.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '@prompt-perfect/test-support/services/postgres';
import { loadConfig } from '../src/config';
import { DB_FILE } from '../src/db/openSqlite';
import { createPgPool } from '../src/db/pgPool';
import { openStorage, type Storage } from '../src/storage';
import { AccountDeletedError } from '../src/features/account/userData';
import { ipHasher } from '../src/features/trial/trialStore';
import { migratePg, PG_MIGRATIONS } from './fixtures/legacySchema/pgMigrations';
import { MIGRATIONS as LEGACY, migrate } from './fixtures/legacySchema/sqliteMigrations';
import { CLEAN_ENV, tempDir } from './helpers';

const SECRET = 'legacy-secret-0123456789abcdef0123';
const IP = '203.0.113.9';
const NOW = Date.now();
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Rows as the server before Kysely wrote them: literal SQL both engines accept, no ids given. */
const LEGACY_ROWS = `
  INSERT INTO trial_visitors (id, used, updated_at) VALUES ('visitor-1', 4, 1000);
  INSERT INTO trial_ip_runs (ip_hash, at) VALUES ('${ipHasher(SECRET)(IP)}', ${NOW - 1000}), ('${ipHasher(SECRET)(IP)}', ${NOW - 500});
  INSERT INTO sessions (id_hash, user_id, name, email, created_at, expires_at)
    VALUES ('${sha256('raw-session')}', 'ada', 'Ada', 'ada@example.com', ${NOW}, ${NOW + 3_600_000});
  INSERT INTO user_settings (user_id, settings, updated_at) VALUES ('ada', '{"aiEnabled":true,"timeZone":"Europe/Paris"}', 1000);
  INSERT INTO user_favorites (user_id, id, original_prompt, optimized_prompt, technique, language, tone, score, created_at)
    VALUES ('ada', 5000, 'task', 'Optimized task.', 'zero-shot', 'English', 'Normal', 42, 5000);
  INSERT INTO user_progress (user_id, xp, streak, total_prompts, last_activity, imported_at) VALUES ('ada', 120, 3, 12, 4000, 2000);
  INSERT INTO user_badges (user_id, badge_id, earned_at) VALUES ('ada', 'prompt_10', 3000), ('ada', 'first_prompt', 3000);
  INSERT INTO user_history (user_id, kind, input, output, provider, model, options, refines, chain_id, created_at, stopped)
    VALUES ('ada', 'perfect', 'Plan a trip', 'Better: Plan a trip', 'openai', 'gpt-4o', '{"technique":"zero-shot"}', NULL, 1, 6000, 1);
  INSERT INTO deleted_accounts (user_id, deleted_at) VALUES ('gone', 500);
  INSERT INTO user_spend (user_id, day, usd) VALUES ('ada', '2026-11-26', 0.25);
  INSERT INTO test_sets (user_id, name, prompt, rubric, cases, created_at, updated_at, split)
    VALUES ('ada', 'Help desk', 'Answer.', 'Short.', '[{"id":"c1","input":"a"}]', 1000, 2000, '{"c1":{"side":"test","tests":2}}');
  INSERT INTO api_tokens (user_id, user_name, user_email, name, token_hash, created_at, scopes)
    VALUES ('ada', 'Ada', 'ada@example.com', 'CI', '${sha256('pp_legacy')}', 1000, 'read');
  INSERT INTO prompts (user_id, name, created_at, updated_at) VALUES ('ada', 'support', 1000, 3000);
  INSERT INTO prompt_versions (prompt_id, version, text, variables, technique, provider, model, options, message, created_by, created_at)
    VALUES (1, 1, 'Answer {{customer}}.', '["customer"]', 'few-shot', 'openai', 'gpt-4o', '{"temperature":0.2}', 'first', 'Ada', 1000);
  INSERT INTO prompt_labels (prompt_id, label, version, protected, updated_at) VALUES (1, 'production', 1, 1, 3000);
  INSERT INTO prompt_label_moves (prompt_id, label, from_version, to_version, moved_by, moved_at, undo)
    VALUES (1, 'production', NULL, 1, 'Ada', 3000, 0);
  INSERT INTO prompt_webhooks (user_id, url, secret, created_at) VALUES ('ada', 'http://a.example/hook', 'whsec_1', 1000);
  INSERT INTO prompt_webhook_deliveries (user_id, url, payload, status, attempts, last_response, last_error, created_at, updated_at)
    VALUES ('ada', 'http://a.example/hook', '{"n":1}', 'delivered', 1, 200, NULL, 3000, 3000);
  INSERT INTO remote_releases (remote, url, version, released_by, released_at)
    VALUES ('trial', 'http://cdn.example/trial/1/remoteEntry.js', '1.0.0', 'ada', 1000);
  INSERT INTO remote_canaries (remote, url, version, percent, released_by, started_at)
    VALUES ('trial', 'http://cdn.example/trial/2/remoteEntry.js', '2.0.0', 10, 'ada', 2000);
`;

let postgres: TestPostgres | undefined;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
// Stopping a cluster that held a database per test takes a while on a busy machine.
afterAll(() => postgres?.stop(), 60_000);

interface Backend {
  /** A database as the server before Kysely left it after its first `version` migrations (and the rows). */
  writeLegacy(version: number, rows?: string): Promise<Record<string, string>>;
  /** Tables, columns, indexes and constraints, in a form to compare. */
  schema(env: Record<string, string>): Promise<unknown>;
  /** What the server before Kysely says when it opens the database. */
  legacyOpen(env: Record<string, string>): Promise<unknown>;
}

const sqlite: Backend = {
  async writeLegacy(version, rows) {
    const DATA_DIR = tempDir();
    const db = new Database(path.join(DATA_DIR, DB_FILE));
    migrate(db, LEGACY.slice(0, version));
    if (rows) db.exec(rows);
    db.close();
    return { DATA_DIR };
  },
  async schema({ DATA_DIR }) {
    const db = new Database(path.join(DATA_DIR, DB_FILE), { readonly: true });
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'kysely%' AND name <> 'sqlite_sequence' ORDER BY name",
      )
      .all();
    const schema = tables.map(({ name }) => ({
      name,
      columns: db
        .prepare(`SELECT name, lower(type) AS type, "notnull", dflt_value, pk FROM pragma_table_info('${name}')`)
        .all(),
      indexes: db
        .prepare<[], { name: string; unique: number; origin: string }>(
          `SELECT name, "unique", origin FROM pragma_index_list('${name}') ORDER BY name`,
        )
        .all()
        .map((i) => ({
          ...i,
          name: i.origin === 'c' ? i.name : i.origin,
          columns: db.prepare(`SELECT name FROM pragma_index_info('${i.name}') ORDER BY seqno`).all(),
        })),
      foreignKeys: db.prepare(`SELECT "table", "from", "to", on_delete FROM pragma_foreign_key_list('${name}')`).all(),
    }));
    db.close();
    return schema;
  },
  async legacyOpen({ DATA_DIR }) {
    const db = new Database(path.join(DATA_DIR, DB_FILE));
    try {
      return migrate(db, LEGACY);
    } finally {
      db.close();
    }
  },
};

const postgresql: Backend = {
  async writeLegacy(version, rows) {
    const DATABASE_URL = await postgres!.createDatabase();
    const pool = createPgPool(DATABASE_URL);
    await migratePg(pool, PG_MIGRATIONS.slice(0, version));
    if (rows) await pool.query(rows);
    await pool.end();
    return { DATA_DIR: tempDir(), DATABASE_URL };
  },
  async schema({ DATABASE_URL }) {
    const pool = createPgPool(DATABASE_URL);
    try {
      const columns = await pool.query(
        `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely%' AND table_name <> 'schema_migrations'
         ORDER BY table_name, ordinal_position`,
      );
      const indexes = await pool.query(
        `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely%'
         AND tablename <> 'schema_migrations' ORDER BY indexname`,
      );
      const constraints = await pool.query(
        `SELECT conrelid::regclass::text AS on_table, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
         WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text NOT LIKE 'kysely%'
         AND conrelid::regclass::text <> 'schema_migrations' ORDER BY 1, 2`,
      );
      return { columns: columns.rows, indexes: indexes.rows, constraints: constraints.rows };
    } finally {
      await pool.end();
    }
  },
  async legacyOpen({ DATABASE_URL }) {
    const pool = createPgPool(DATABASE_URL);
    try {
      return await migratePg(pool, PG_MIGRATIONS);
    } finally {
      await pool.end();
    }
  },
};

describe.each([
  ['SQLite', sqlite],
  ['PostgreSQL', postgresql],
])('a database written before Kysely, on %s', (_name, backend) => {
  const opened: Storage[] = [];
  const open = async (env: Record<string, string>) => {
    const storage = await openStorage(loadConfig({ ...CLEAN_ENV, ...env }));
    opened.push(storage);
    return storage;
  };
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
  });

  it('keeps every row, reads it back through the stores, and takes new ones', async () => {
    const env = await backend.writeLegacy(LEGACY.length, LEGACY_ROWS);
    const { userData, trialStore, sessions, testSets, apiTokens, spend, prompts, webhooks, remoteReleases } =
      await open(env);

    const account = await userData.exportAll('ada');
    expect(account.settings).toMatchObject({ aiEnabled: true, timeZone: 'Europe/Paris' });
    expect(account.favorites).toEqual([
      expect.objectContaining({ id: 5000, originalPrompt: 'task', score: 42, createdAt: new Date(5000).toISOString() }),
    ]);
    expect(account.progress).toMatchObject({ xp: 120, streak: 3, totalPrompts: 12, lastActivity: 4000 });
    expect(account.progress.badges.map((b) => b.id)).toEqual(['prompt_10', 'first_prompt']);
    expect(account.history).toEqual([
      expect.objectContaining({
        id: 1,
        chainId: 1,
        input: 'Plan a trip',
        stopped: true,
        options: { technique: 'zero-shot' },
      }),
    ]);
    expect(
      await userData.importOnce(
        'ada',
        { favorites: [], stats: { xp: 1, streak: 0, totalPrompts: 0, lastActivity: null } },
        NOW,
      ),
    ).toBe('already');
    const run = {
      kind: 'perfect' as const,
      input: 'x',
      output: 'y',
      provider: 'openai' as const,
      model: 'm',
      options: {} as never,
      refines: null,
      stopped: false,
    };
    await expect(userData.recordRun('gone', run, 50, NOW, null, 400)).rejects.toThrow(AccountDeletedError);
    expect((await userData.recordRun('ada', run, 50, NOW, null, NOW)).historyId).toBe(2);

    const window = { perVisitor: 10, ipWindowMs: 60_000 };
    expect(await trialStore({ ...window, perIp: 1000 }, SECRET).remaining('visitor-1', '198.51.100.7')).toBe(6);
    expect(await trialStore({ ...window, perIp: 3 }, SECRET).remaining('someone', IP)).toBe(1);

    expect(await sessions.get('raw-session')).toEqual({
      id: 'ada',
      name: 'Ada',
      email: 'ada@example.com',
      source: 'local',
    });
    expect(await testSets.list('ada')).toEqual([
      { id: 1, name: 'Help desk', caseCount: 1, updatedAt: new Date(2000).toISOString() },
    ]);
    expect((await testSets.get('ada', 1))?.split).toEqual({ c1: { side: 'test', tests: 2 } });
    expect(await apiTokens.authenticate('pp_legacy', NOW)).toEqual({
      user: { id: 'ada', name: 'Ada', email: 'ada@example.com' },
      scopes: ['read'],
    });
    expect(await spend.spent('ada', '2026-11-26')).toBe(0.25);

    expect(await prompts.resolve('ada', 'support', { label: 'production' })).toMatchObject({
      version: 1,
      text: 'Answer {{customer}}.',
      variables: ['customer'],
      config: { options: { temperature: 0.2 } },
    });
    expect(await prompts.labels('ada', 'support')).toMatchObject({
      labels: [{ label: 'production', version: 1, protected: true }],
      moves: [{ fromVersion: null, toVersion: 1, movedBy: 'Ada' }],
    });
    expect(
      (await prompts.saveVersion({ id: 'ada', name: 'Ada', email: '' }, 'support', { text: 'v2' }, NOW)).version,
    ).toBe(2);
    expect(
      (await prompts.saveVersion({ id: 'ada', name: 'Ada', email: '' }, 'new one', { text: 'v1' }, NOW)).version,
    ).toBe(1);

    expect(await webhooks.get('ada')).toMatchObject({ url: 'http://a.example/hook', secret: 'whsec_1' });
    expect(await webhooks.deliveries('ada', 10)).toEqual([
      expect.objectContaining({ payload: '{"n":1}', status: 'delivered', attempts: 1, lastResponse: 200 }),
    ]);
    expect(await remoteReleases.history('trial', 10)).toEqual([
      expect.objectContaining({ id: 1, version: '1.0.0', releasedAt: 1000, failures: 0 }),
    ]);
    expect(await remoteReleases.canaries()).toEqual([expect.objectContaining({ version: '2.0.0', percent: 10 })]);
  });

  it.each([1, 7, 10, 12, LEGACY.length])(
    'at legacy version %i ends with the schema of a new database; the server before refuses it after',
    async (version) => {
      const fresh = await backend.writeLegacy(0);
      await (await open(fresh)).close();
      const legacy = await backend.writeLegacy(version);
      await (await open(legacy)).close();
      expect(await backend.schema(legacy)).toEqual(await backend.schema(fresh));
      await expect(backend.legacyOpen(legacy)).rejects.toThrow(
        /schema version 14, newer than this server knows \(13\)/,
      );
    },
  );
});
