/**
 * [prove] storage: test sets and personal API tokens, each scoped by user id like UserDataStore
 * (an id that belongs to another user behaves exactly like one that does not exist).
 */
import type {
  ApiTokenInfo,
  CaseSplitRecord,
  TestSet,
  TestSetInput,
  TestSetSummary,
  TokenScope,
} from '@prompt-perfect/core/api/prove';
import type { AuthUser } from '@prompt-perfect/core/auth/types';

export interface TestSetStore {
  list(userId: string): Promise<TestSetSummary[]>;
  get(userId: string, id: number): Promise<TestSet | undefined>;
  create(userId: string, input: TestSetInput, now: number): Promise<TestSet>;
  /** undefined when the user has no such set. */
  update(userId: string, id: number, input: TestSetInput, now: number): Promise<TestSet | undefined>;
  remove(userId: string, id: number): Promise<boolean>;
  /**
   * Rewrites the set's split record with `change` of the stored one, atomically (two runs on one set
   * each count their test); false when the user has no such set.
   */
  changeSplit(userId: string, id: number, change: (current: CaseSplitRecord) => CaseSplitRecord): Promise<boolean>;
}

/** Whom a token acts as, and what it may do. */
export interface ApiTokenOwner {
  user: Pick<AuthUser, 'id' | 'name' | 'email'>;
  scopes: TokenScope[];
}

export interface ApiTokenStore {
  list(userId: string): Promise<ApiTokenInfo[]>;
  /** Stores sha256(token) only. */
  create(
    user: Pick<AuthUser, 'id' | 'name' | 'email'>,
    name: string,
    scopes: readonly TokenScope[],
    token: string,
    now: number,
  ): Promise<ApiTokenInfo>;
  remove(userId: string, id: number): Promise<boolean>;
  /** The token's user (and marks it used), or undefined for an unknown or revoked token. */
  authenticate(token: string, now: number): Promise<ApiTokenOwner | undefined>;
}
