/**
 * Every table of the database, as Kysely sees it, the same on SQLite and PostgreSQL (migrations/
 * makes them so). Times are epoch milliseconds; JSON is stored as text and parsed by the stores;
 * booleans are 0 or 1. `Generated` columns have a default or are numbered by the database.
 * PostgreSQL's user_badges also has a `seq` column that keeps the order badges were earned in
 * (SQLite keeps it in rowid): only dialect.ts's earnedOrder reads it.
 */
import type { Generated } from 'kysely';

export interface Database {
  trial_visitors: { id: string; used: Generated<number>; updated_at: number };
  trial_ip_runs: { ip_hash: string; at: number };
  trial_reservations: { id: Generated<number>; visitor_id: string; ip_hash: string; reserved_at: number };
  sessions: { id_hash: string; user_id: string; name: string; email: string; created_at: number; expires_at: number };
  deleted_accounts: { user_id: string; deleted_at: number };
  health_checks: { id: number; at: number };

  user_settings: { user_id: string; settings: string; updated_at: number };
  user_favorites: {
    user_id: string;
    id: number;
    original_prompt: string;
    optimized_prompt: string;
    technique: string;
    language: string;
    tone: string;
    score: number;
    created_at: number;
  };
  user_progress: {
    user_id: string;
    xp: Generated<number>;
    streak: Generated<number>;
    total_prompts: Generated<number>;
    last_activity: number | null;
    imported_at: number | null;
  };
  user_badges: { user_id: string; badge_id: string; earned_at: number };
  user_history: {
    id: Generated<number>;
    user_id: string;
    kind: 'perfect' | 'continue';
    input: string;
    output: string;
    provider: string;
    model: string;
    options: string;
    refines: number | null;
    chain_id: number;
    created_at: number;
    stopped: Generated<number>;
  };
  user_spend: { user_id: string; day: string; usd: number };

  test_sets: {
    id: Generated<number>;
    user_id: string;
    name: string;
    prompt: string;
    rubric: string;
    cases: string;
    created_at: number;
    updated_at: number;
    split: Generated<string>;
  };
  api_tokens: {
    id: Generated<number>;
    user_id: string;
    user_name: string;
    user_email: string;
    name: string;
    token_hash: string;
    created_at: number;
    last_used_at: number | null;
    scopes: Generated<string>;
    /** Set for an organization's token: it acts for that organization (see auth/space.ts). */
    org_id: string | null;
    revoked_at: number | null;
    /** Why it stopped working, for the admins: "maker removed from the organization". */
    revoked_reason: string | null;
  };

  prompts: { id: Generated<number>; user_id: string; name: string; created_at: number; updated_at: number };
  prompt_versions: {
    prompt_id: number;
    version: number;
    text: string;
    variables: string;
    technique: string | null;
    provider: string | null;
    model: string | null;
    options: string;
    message: string;
    created_by: string;
    created_at: number;
  };
  prompt_labels: {
    prompt_id: number;
    label: string;
    version: number;
    protected: Generated<number>;
    updated_at: number;
  };
  prompt_label_moves: {
    id: Generated<number>;
    prompt_id: number;
    label: string;
    from_version: number | null;
    to_version: number | null;
    moved_by: string;
    moved_at: number;
    undo: Generated<number>;
  };
  prompt_webhooks: { user_id: string; url: string; secret: string; created_at: number };
  prompt_webhook_deliveries: {
    id: Generated<number>;
    user_id: string;
    url: string;
    payload: string;
    status: string;
    attempts: Generated<number>;
    last_response: number | null;
    last_error: string | null;
    created_at: number;
    updated_at: number;
  };

  orgs: { id: string; slug: string; name: string; created_by: string; created_at: number };
  org_members: { org_id: string; user_id: string; name: string; email: string; role: string; joined_at: number };
  org_invites: {
    id: Generated<number>;
    org_id: string;
    token_hash: string;
    role: string;
    email: string | null;
    created_by: string;
    created_at: number;
    expires_at: number;
    used_by: string | null;
    used_at: number | null;
  };
  /** owner_id is a space owner key: a user id, or org:<id>. details is JSON. */
  audit_log: {
    id: Generated<number>;
    owner_id: string;
    actor_id: string;
    actor_name: string;
    action: string;
    prompt: string | null;
    summary: string;
    details: string;
    at: number;
  };
  /** A read-only link to one version (version set) or to a label it follows (label set). */
  share_links: {
    id: Generated<number>;
    owner_id: string;
    token_hash: string;
    prompt_id: number;
    version: number | null;
    label: string | null;
    created_by: string;
    /** 0004: the maker's name, shown on the signed-out page. */
    created_by_name: Generated<string>;
    created_at: number;
    expires_at: number | null;
    revoked_at: number | null;
  };

  remote_releases: {
    id: Generated<number>;
    remote: string;
    url: string;
    version: string;
    released_by: string;
    released_at: number;
    rolled_back_at: number | null;
    failures: Generated<number>;
  };
  remote_canaries: {
    remote: string;
    url: string;
    version: string;
    percent: number;
    released_by: string;
    started_at: number;
    failures: Generated<number>;
  };
}
