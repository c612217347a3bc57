/**
 * [prove] storage: test sets and personal API tokens, each scoped by user id like UserDataStore
 * (an id that belongs to another user behaves exactly like one that does not exist).
 */
import type { ApiTokenInfo, TestSet, TestSetInput, TestSetSummary } from '@prompt-perfect/core/api/prove';
import type { AuthUser } from '@prompt-perfect/core/auth/types';

export interface TestSetStore {
  list(userId: string): Promise<TestSetSummary[]>;
  get(userId: string, id: number): Promise<TestSet | undefined>;
  create(userId: string, input: TestSetInput, now: number): Promise<TestSet>;
  /** undefined when the user has no such set. */
  update(userId: string, id: number, input: TestSetInput, now: number): Promise<TestSet | undefined>;
  remove(userId: string, id: number): Promise<boolean>;
}

export interface ApiTokenStore {
  list(userId: string): Promise<ApiTokenInfo[]>;
  /** Stores sha256(token) only. */
  create(user: Pick<AuthUser, 'id' | 'name' | 'email'>, name: string, token: string, now: number): Promise<ApiTokenInfo>;
  remove(userId: string, id: number): Promise<boolean>;
  /** The token's user (and marks it used), or undefined for an unknown or revoked token. */
  authenticate(token: string, now: number): Promise<Pick<AuthUser, 'id' | 'name' | 'email'> | undefined>;
}
