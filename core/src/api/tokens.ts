/**
 * Personal API tokens: the contract between proxy-server, the workspace UI and REST callers. A token
 * is sent as `Authorization: Bearer <token>` and acts as its user within its scopes.
 *
 *   GET    /api/tokens               -> { items: ApiTokenInfo[] } (session only: a token cannot manage tokens)
 *   POST   /api/tokens               { name, scopes? } -> CreatedApiToken (201; the token is shown once)
 *   DELETE /api/tokens/:id           -> 204
 *
 * [teams] An organization's tokens (admins and owners, session only), made with the same body:
 *   GET    /api/orgs/:org/tokens     -> { items: ApiTokenInfo[] } (every maker's, revoked ones included)
 *   POST   /api/orgs/:org/tokens     { name, scopes? } -> CreatedApiToken (201)
 *   DELETE /api/orgs/:org/tokens/:id -> 204
 * An organization token acts for the organization (in any URL's place of the caller's own space) within
 * its scopes and its maker's role in the organization as it is at each request; once its maker leaves it
 * is refused (401) and listed with `revokedAt` and `revokedReason`.
 */

/**
 * What a personal token may do: `read` the account's test sets and history (GET requests), `run`
 * everything that spends or changes (model calls, saving test sets). Tokens from before scopes have both.
 */
export const TOKEN_SCOPES = ['read', 'run'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export interface ApiTokenInfo {
  id: number;
  name: string;
  scopes: TokenScope[];
  createdAt: string;
  lastUsedAt: string | null;
  /** An organization token's maker (organization lists show every maker's tokens). */
  maker?: { id: string; name: string };
  /** An organization token that stopped working without being deleted (its maker left): when and why. */
  revokedAt?: string | null;
  revokedReason?: string | null;
}

export interface CreatedApiToken {
  /** Shown once: the server keeps only its hash. */
  token: string;
  info: ApiTokenInfo;
}
