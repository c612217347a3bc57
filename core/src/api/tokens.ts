/**
 * Personal API tokens: the contract between proxy-server, the workspace UI and REST callers. A token
 * is sent as `Authorization: Bearer <token>` and acts as its user within its scopes.
 *
 *   GET    /api/tokens               -> { items: ApiTokenInfo[] } (session only: a token cannot manage tokens)
 *   POST   /api/tokens               { name, scopes? } -> CreatedApiToken (201; the token is shown once)
 *   DELETE /api/tokens/:id           -> 204
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
}

export interface CreatedApiToken {
  /** Shown once: the server keeps only its hash. */
  token: string;
  info: ApiTokenInfo;
}
