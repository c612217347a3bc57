/**
 * The error codes of the REST API: every refusal and failure answers `{ "error": "<one sentence>" }`
 * with its HTTP status and names its code in the `Error-Code` response header. A code is stable (a
 * client may branch on it); the sentence may be reworded. Each code has one status.
 */
export const ERROR_CODE_HEADER = 'Error-Code';

export const API_ERROR_CODES = {
  invalid_request: { status: 400, meaning: 'A field, parameter or value is not valid: the message says which.' },
  invalid_body: { status: 400, meaning: 'The body is not JSON the server can read (malformed, too deep, a NUL).' },
  request_refused: { status: 400, meaning: 'The request could not be processed (any 4xx status not listed here).' },
  sign_in_required: { status: 401, meaning: 'No session or personal API token, or the session expired.' },
  token_invalid: { status: 401, meaning: 'The personal API token is not valid (revoked, or revoked during the run).' },
  admin_token_invalid: { status: 401, meaning: 'No ADMIN_TOKEN, or not the right one.' },
  forbidden: { status: 403, meaning: 'The request is not allowed.' },
  scope_missing: { status: 403, meaning: "The personal API token lacks the scope the route needs ('read' or 'run')." },
  role_forbids: { status: 403, meaning: "The caller's role in the organization does not allow the action." },
  wrong_account: { status: 403, meaning: 'The invitation was made for another e-mail address: sign in with that one.' },
  cross_site: { status: 403, meaning: 'An unsafe method was sent cross-site with a cookie.' },
  admin_api_off: { status: 403, meaning: 'The admin API is off: the server has no ADMIN_TOKEN.' },
  trial_exhausted: { status: 403, meaning: 'No free runs left for this visitor: sign in.' },
  not_found: {
    status: 404,
    meaning: 'No such thing, or it belongs to another account (answered exactly alike), or no such route.',
  },
  conflict: { status: 409, meaning: 'The change conflicts with what is stored (already imported, for one).' },
  limit_reached: { status: 409, meaning: 'The account holds the most of these it may keep: remove one first.' },
  invite_used: { status: 409, meaning: 'The invitation link has been used already: each works once.' },
  already_member: { status: 409, meaning: 'The person is a member of the organization already.' },
  last_owner: {
    status: 409,
    meaning: 'The change would leave an organization without an owner: make another member owner first.',
  },
  label_protected: { status: 409, meaning: 'The label is protected: it moves only from the web app.' },
  gone: { status: 410, meaning: 'The account was deleted while the request ran.' },
  invite_expired: { status: 410, meaning: 'The invitation link has expired: ask for a new one.' },
  share_link_gone: { status: 410, meaning: 'The share link was revoked or has expired.' },
  payload_too_large: { status: 413, meaning: 'The body or a field is longer than the limit the message gives.' },
  unsupported_media_type: { status: 415, meaning: 'The body is compressed or not UTF-8.' },
  misdirected_request: { status: 421, meaning: 'The server does not answer to that host name.' },
  rate_limited: { status: 429, meaning: 'Too many requests from this address or account: wait and retry.' },
  too_many_runs: { status: 429, meaning: 'Too many model runs at once for this account.' },
  budget_spent: {
    status: 429,
    meaning: 'The daily budget is spent, or the run would cost more than what is left of it.',
  },
  cpu_budget_spent: { status: 429, meaning: 'The lint CPU budget of this address is spent: retry after Retry-After.' },
  upstream_rate_limited: { status: 429, meaning: 'The model provider is rate limiting the server: retry later.' },
  request_aborted: { status: 499, meaning: 'The client closed the request before the answer.' },
  internal_error: { status: 500, meaning: 'Something went wrong on the server (logged there).' },
  upstream_error: { status: 502, meaning: 'The model provider failed or answered something unusable.' },
  server_restarting: { status: 503, meaning: 'The server is restarting: retry in a moment.' },
  provider_not_configured: { status: 503, meaning: 'The model provider has no key on this server.' },
  upstream_timeout: { status: 504, meaning: 'The model provider did not answer in time.' },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ApiErrorCode = keyof typeof API_ERROR_CODES;

/** The codes answered with status S. */
export type ApiErrorCodeOf<S extends number> = {
  [C in ApiErrorCode]: (typeof API_ERROR_CODES)[C]['status'] extends S ? C : never;
}[ApiErrorCode];

export const codesWithStatus = (status: number): ApiErrorCode[] =>
  (Object.keys(API_ERROR_CODES) as ApiErrorCode[]).filter((code) => API_ERROR_CODES[code].status === status);
