/** Connects to PostgreSQL, brings the schema up to date and tidies what no instance can still use. */
import { createSessionStore } from '../auth/storedSessions';
import { createPgPool } from './pgPool';
import { postgresDatabase } from './connect';
import { migrateToLatest } from './migrations';
import { createTrialStore, forgetExpiredReservations } from '../features/trial/trialCounts';
import { createUserData, USER_TABLES } from '../features/account/userDataStore';
import { createApiTokenStore } from '../features/tokens/tokenStore';
import { createTestSetStore } from '../features/prove/testSetStore';
import { createSpendStore } from '../features/runs/spendStore';
import type { Storage } from '../storage';
import { createPromptStore } from '../features/prompts/storedPrompts';
import { createWebhookStore } from '../features/prompts/storedWebhooks';
import { createRemoteReleaseStore } from '../features/remotes/remoteReleaseStore';
import { createOrgStore } from '../features/orgs/storedOrgs';
import { createAuditLog } from '../features/audit/auditStore';
import { createShareLinkStore } from '../features/share/shareStore';

/** Every table that holds an account's rows: its own, its sessions, its prompts' versions, labels and moves. */
const ACCOUNT_TABLES = [
  ...USER_TABLES,
  'sessions',
  'prompt_versions',
  'prompt_labels',
  'prompt_label_moves',
  'share_links',
  'audit_log',
];

export async function openPostgres(url: string, reservationTtlMs: number): Promise<Storage> {
  const pool = createPgPool(url);
  // A connection that breaks while idle is dropped by the pool; without a listener it would crash the process.
  pool.on('error', () => undefined);
  const db = postgresDatabase(pool);
  try {
    await migrateToLatest(db);
    await pool.query('DELETE FROM sessions WHERE expires_at < $1', [Date.now()]);
    // Unlike SQLite, other instances may have runs in flight: only reservations past their time go.
    await forgetExpiredReservations(db, reservationTtlMs);
  } catch (err) {
    await db.destroy().catch(() => undefined);
    throw err;
  }
  let closing: Promise<void> | undefined;
  return {
    kind: 'postgres',
    sessions: createSessionStore(db),
    userData: createUserData(db),
    testSets: createTestSetStore(db),
    apiTokens: createApiTokenStore(db),
    spend: createSpendStore(db),
    prompts: createPromptStore(db),
    webhooks: createWebhookStore(db),
    remoteReleases: createRemoteReleaseStore(db),
    orgs: createOrgStore(db),
    audit: createAuditLog(db),
    shareLinks: createShareLinkStore(db),
    trialStore: (limits, secret, now) => createTrialStore(db, { ...limits, reservationTtlMs }, secret, now),
    async ping() {
      await pool.query('SELECT 1');
    },
    async checkWrite() {
      await pool.query(
        'INSERT INTO health_checks (id, at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET at = excluded.at',
        [Date.now()],
      );
    },
    async scrubDeleted() {
      // VACUUM cannot run in a transaction block, and one statement for all tables keeps it short.
      await pool.query(`VACUUM ${ACCOUNT_TABLES.join(', ')}`);
    },
    close() {
      closing ??= db.destroy();
      return closing;
    },
  };
}
