/**
 * Errors whose message is safe to show. Throw one of the kinds below from a route or middleware: the
 * error handler answers `{error: message, ...extra}` with the code's status, the code in the
 * Error-Code header and `headers`. The codes are the API's (core/src/api/errorCodes.ts).
 */
import { API_ERROR_CODES, type ApiErrorCode, type ApiErrorCodeOf } from '@prompt-perfect/core/api/errorCodes';

interface Details<C extends ApiErrorCode> {
  /** A narrower code than the kind's own, of the same status. */
  code?: C;
  /** More fields of the JSON body (the trial's `remaining`). */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export abstract class HttpError extends Error {
  readonly status: number;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  protected constructor(
    readonly code: ApiErrorCode,
    message: string,
    details: Details<ApiErrorCode>,
  ) {
    super(message);
    this.name = new.target.name;
    this.status = API_ERROR_CODES[code].status;
    this.extra = details.extra ?? {};
    this.headers = details.headers ?? {};
  }
}

export class BadRequest extends HttpError {
  constructor(message: string, details: Details<ApiErrorCodeOf<400>> = {}) {
    super(details.code ?? 'invalid_request', message, details);
  }
}

export class Unauthorized extends HttpError {
  constructor(message: string, details: Details<ApiErrorCodeOf<401>> = {}) {
    super(details.code ?? 'sign_in_required', message, details);
  }
}

export class Forbidden extends HttpError {
  constructor(message: string, details: Details<ApiErrorCodeOf<403>> = {}) {
    super(details.code ?? 'forbidden', message, details);
  }
}

export class NotFound extends HttpError {
  constructor(message: string, details: Details<ApiErrorCodeOf<404>> = {}) {
    super(details.code ?? 'not_found', message, details);
  }
}

export class Conflict extends HttpError {
  constructor(message: string, details: Details<ApiErrorCodeOf<409>> = {}) {
    super(details.code ?? 'conflict', message, details);
  }
}

export class Gone extends HttpError {
  constructor(message: string, details: Details<ApiErrorCodeOf<410>> = {}) {
    super(details.code ?? 'gone', message, details);
  }
}

export class PayloadTooLarge extends HttpError {
  constructor(message: string, details: Details<ApiErrorCodeOf<413>> = {}) {
    super(details.code ?? 'payload_too_large', message, details);
  }
}

export class UnsupportedMediaType extends HttpError {
  constructor(message: string, details: Details<ApiErrorCodeOf<415>> = {}) {
    super(details.code ?? 'unsupported_media_type', message, details);
  }
}

export class MisdirectedRequest extends HttpError {
  constructor(message: string, details: Details<ApiErrorCodeOf<421>> = {}) {
    super(details.code ?? 'misdirected_request', message, details);
  }
}

export class TooManyRequests extends HttpError {
  constructor(message: string, details: Details<ApiErrorCodeOf<429>> = {}) {
    super(details.code ?? 'rate_limited', message, details);
  }
}

export class ServiceUnavailable extends HttpError {
  constructor(message: string, details: Details<ApiErrorCodeOf<503>> = {}) {
    super(details.code ?? 'server_restarting', message, details);
  }
}

type UpstreamCode =
  | 'upstream_error'
  | 'upstream_rate_limited'
  | 'upstream_timeout'
  | 'request_aborted'
  | 'provider_not_configured';

/** A model provider failed (see providerFailure in providers/providerError.ts), or answered something unusable. */
export class UpstreamError extends HttpError {
  constructor(message: string, details: Details<UpstreamCode> = {}) {
    super(details.code ?? 'upstream_error', message, details);
  }
}
