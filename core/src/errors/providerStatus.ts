import { MSG } from '../messages';

/** Provider SDK error kinds (spec section 8), the same names as the openai SDK's error classes. */
export type ProviderErrorKind =
  | 'bad_request'
  | 'authentication'
  | 'permission_denied'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'rate_limit'
  | 'server_error'
  | 'connection'
  | 'aborted'
  | 'timeout';

const ABORTED_MESSAGE = MSG.requestAborted;
const CONNECTION_ERROR_MESSAGE = MSG.connectionError;
const TIMEOUT_MESSAGE = MSG.requestTimedOut;

const BY_STATUS: Record<number, ProviderErrorKind> = {
  400: 'bad_request',
  401: 'authentication',
  403: 'permission_denied',
  404: 'not_found',
  408: 'timeout',
  409: 'conflict',
  422: 'unprocessable',
  429: 'rate_limit',
};

/**
 * 400/401/403/404/409/422/429 as in the spec, 500 and above server error, no status a
 * connection error. Statuses the spec does not name: 408 -> timeout, any other -> bad_request.
 */
export function errorKindForStatus(status: number | undefined): ProviderErrorKind {
  if (status === undefined || status === null || !Number.isFinite(status) || status <= 0) return 'connection';
  if (status >= 500) return 'server_error';
  return BY_STATUS[status] ?? 'bad_request';
}

/** The fixed message of the kinds that carry no server text. */
export function messageForKind(kind: ProviderErrorKind): string | undefined {
  if (kind === 'aborted') return ABORTED_MESSAGE;
  if (kind === 'connection') return CONNECTION_ERROR_MESSAGE;
  if (kind === 'timeout') return TIMEOUT_MESSAGE;
  return undefined;
}
