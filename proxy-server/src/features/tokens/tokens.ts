/**
 * Personal API tokens, scoped by user id like UserDataStore (an id that belongs to another user
 * behaves exactly like one that does not exist).
 */
import type { ApiTokenInfo, TokenScope } from '@prompt-perfect/core/api/tokens';
import type { AuthUser } from '@prompt-perfect/core/auth/types';

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
