/**
 * Where everything persistent lives: SQLite in DATA_DIR (one instance, the default) or PostgreSQL at
 * DATABASE_URL (any number of instances). Both backends offer the same stores; app.ts sees only this.
 */
import type { Config } from './config';
import { ensureDataDir } from './db/dataDir';
import { openDb } from './db/openSqlite';
import { StartupError } from './startupError';
import { createSessionStore } from './auth/storedSessions';
import type { SessionStore } from './auth/sessionStore';
import { createTrialStore } from './features/trial/trialCounts';
import type { TrialLimits, TrialStore } from './features/trial/trialStore';
import { createApiTokenStore } from './features/tokens/tokenStore';
import { createSpendStore } from './features/runs/spendStore';
import type { SpendStore } from './features/runs/spend';
import { createTestSetStore } from './features/prove/testSetStore';
import { createUserData } from './features/account/userDataStore';
import type { TestSetStore } from './features/prove/testSets';
import type { ApiTokenStore } from './features/tokens/tokens';
import type { UserDataStore } from './features/account/userData';
import { openPostgres } from './db/openPostgres';
import type { PromptStore } from './features/prompts/promptStore';
import { createPromptStore } from './features/prompts/storedPrompts';
import { createWebhookStore } from './features/prompts/storedWebhooks';
import type { WebhookStore } from './features/prompts/webhookStore';
import type { RemoteReleaseStore } from './features/remotes/remoteReleases';
import { createRemoteReleaseStore } from './features/remotes/remoteReleaseStore';
import type { OrgStore } from './features/orgs/orgStore';
import { createOrgStore } from './features/orgs/storedOrgs';
import type { AuditLog } from './features/audit/auditLog';
import { createAuditLog } from './features/audit/auditStore';
import type { ShareLinkStore } from './features/share/shareLinks';
import { createShareLinkStore } from './features/share/shareStore';

export interface Storage {
  kind: 'sqlite' | 'postgres';
  sessions: SessionStore;
  userData: UserDataStore;
  testSets: TestSetStore;
  apiTokens: ApiTokenStore;
  spend: SpendStore;
  prompts: PromptStore;
  webhooks: WebhookStore;
  remoteReleases: RemoteReleaseStore;
  /** [teams] Organizations, their members and invitations. */
  orgs: OrgStore;
  audit: AuditLog;
  shareLinks: ShareLinkStore;
  trialStore(limits: TrialLimits, secret: string, now?: () => number): TrialStore;
  /** Resolves when the database answers; rejects otherwise (readiness). */
  ping(): Promise<void>;
  /** Resolves when the database takes a write (one row of health_checks); rejects with the cause otherwise. */
  checkWrite(): Promise<void>;
  /**
   * After an account's deletion: leaves no copy of the deleted rows in the database files
   * (SQLite: secure_delete zeroed them, a TRUNCATE checkpoint empties the WAL; PostgreSQL: VACUUM of
   * the tables that held them). What PostgreSQL's WAL and backups keep is in docs/data-deletion.md.
   */
  scrubDeleted(): Promise<void>;
  close(): Promise<void>;
}

const HEALTH_WRITE = 'INSERT INTO health_checks (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at';

/** How long a trial reservation can be in flight: every attempt at its timeout, plus back-off. */
export const reservationTtlMs = (config: Config) => config.providerTimeoutMs * (config.providerMaxRetries + 1) + 60_000;

export async function openStorage(config: Config): Promise<Storage> {
  if (config.databaseUrl) {
    try {
      return await openPostgres(config.databaseUrl, reservationTtlMs(config));
    } catch (err) {
      throw new StartupError(
        `The PostgreSQL database at DATABASE_URL cannot be used: ${(err as Error).message || String(err)}. Check that it is running and reachable, and the user and password in DATABASE_URL.`,
      );
    }
  }
  ensureDataDir(config.dataDir);
  const { connection: db, db: kysely } = await openDb(config.dataDir, { reinitialize: config.reinitializeDatabase });
  const ttl = reservationTtlMs(config);
  return {
    kind: 'sqlite',
    sessions: createSessionStore(kysely),
    userData: createUserData(kysely),
    testSets: createTestSetStore(kysely),
    apiTokens: createApiTokenStore(kysely),
    spend: createSpendStore(kysely),
    prompts: createPromptStore(kysely),
    webhooks: createWebhookStore(kysely),
    remoteReleases: createRemoteReleaseStore(kysely),
    orgs: createOrgStore(kysely),
    audit: createAuditLog(kysely),
    shareLinks: createShareLinkStore(kysely),
    trialStore: (limits, secret, now) => createTrialStore(kysely, { ...limits, reservationTtlMs: ttl }, secret, now),
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async checkWrite() {
      // better-sqlite3 waits synchronously: a probe must not block the server for the full busy timeout.
      const busyTimeout = db.pragma('busy_timeout', { simple: true });
      db.pragma('busy_timeout = 200');
      try {
        db.prepare(HEALTH_WRITE).run(Date.now());
      } finally {
        db.pragma(`busy_timeout = ${busyTimeout}`);
      }
    },
    async scrubDeleted() {
      db.pragma('wal_checkpoint(TRUNCATE)');
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
