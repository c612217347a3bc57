/**
 * API tokens, scoped by user id like UserDataStore (an id that belongs to another user behaves exactly
 * like one that does not exist). A personal token acts as its maker; an organization token (org_id set)
 * acts for the organization within its maker's role there, read from org_members at every use.
 */
import type { OrgRole } from '@prompt-perfect/core/api/orgs';
import type { ApiTokenInfo, TokenScope } from '@prompt-perfect/core/api/tokens';
import type { AuthUser } from '@prompt-perfect/core/auth/types';

type Maker = Pick<AuthUser, 'id' | 'name' | 'email'>;

/** Whom a token acts as, and what it may do. */
export interface ApiTokenOwner {
  user: Maker;
  scopes: TokenScope[];
  /** An organization token: the organization and its maker's role in it now. */
  org?: { id: string; slug: string; name: string; role: OrgRole };
}

export interface ApiTokenStore {
  /** The person's own tokens (not the ones they made for an organization). */
  list(userId: string): Promise<ApiTokenInfo[]>;
  /** Stores sha256(token) only. With `orgId`, a token of that organization made by `user`. */
  create(
    user: Maker,
    name: string,
    scopes: readonly TokenScope[],
    token: string,
    now: number,
    orgId?: string,
  ): Promise<ApiTokenInfo>;
  /** Deletes one of the person's own tokens. */
  remove(userId: string, id: number): Promise<boolean>;
  /**
   * The token's user (and marks it used), or undefined for an unknown, deleted or revoked token, or an
   * organization token whose maker is no longer a member.
   */
  authenticate(token: string, now: number): Promise<ApiTokenOwner | undefined>;
  /** Why a token that exists does not authenticate (revoked, its maker left), for the 401's message. */
  refusalOf(token: string): Promise<string | undefined>;
  /** The organization's tokens, every maker's, revoked ones included, newest first. */
  listOrg(orgId: string): Promise<ApiTokenInfo[]>;
  /** How many of the organization's tokens still work (not revoked). */
  countOrg(orgId: string): Promise<number>;
  /** Deletes one of the organization's tokens: its maker and name, or undefined when it has no such token. */
  removeOrg(orgId: string, id: number): Promise<{ makerId: string; name: string } | undefined>;
}
