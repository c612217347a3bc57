/** Last handlers: JSON 404 for unknown /api routes and one JSON error shape for everything. */
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { type ApiErrorCode, ERROR_CODE_HEADER } from '@prompt-perfect/core/api/errorCodes';
import { BadRequest, HttpError, NotFound, PayloadTooLarge, UnsupportedMediaType } from './httpError';
import { ProviderError, providerFailure } from '../providers/providerError';
import { BODY_HAS_NUL, BODY_TOO_DEEP } from './jsonBodyLimits';

const MALFORMED_JSON = 'Request body must be valid JSON.';
/** The limit of the parser that refused the body (64 KB for most routes, 1 MB for test sets). */
const tooLarge = (limitBytes: number | undefined) => {
  if (!limitBytes) return 'Request body is too large.';
  const limit =
    limitBytes >= 1024 * 1024 ? `${Math.round(limitBytes / (1024 * 1024))} MB` : `${Math.round(limitBytes / 1024)} KB`;
  return `Request body is too large (the limit is ${limit}).`;
};
const INTERNAL = 'Something went wrong on the server. Please try again later.';

export const apiNotFound: RequestHandler = (req) => {
  throw new NotFound(`No such API endpoint: ${req.method} ${req.path.slice(0, 100)}`);
};

/** body-parser and http-errors mark client errors with a type and an expose flag. */
function bodyParserError(err: { type?: string; status?: number; limit?: number }): HttpError | undefined {
  const unreadable = (message: string) => new BadRequest(message, { code: 'invalid_body' });
  switch (err.type) {
    case 'entity.parse.failed':
      return unreadable(MALFORMED_JSON);
    case 'entity.too.deep':
      return unreadable(BODY_TOO_DEEP);
    case 'entity.nul':
      return unreadable(BODY_HAS_NUL);
    case 'entity.too.large':
      return new PayloadTooLarge(tooLarge(err.limit));
    case 'encoding.unsupported':
      return new UnsupportedMediaType('Unsupported content encoding: send the body uncompressed.');
    case 'charset.unsupported':
      return new UnsupportedMediaType('Unsupported charset: send the body as UTF-8 JSON.');
    case 'request.size.invalid':
      return unreadable('Request body size does not match its Content-Length header.');
    case 'request.aborted':
      return unreadable('The request was aborted before its body arrived.');
    case 'stream.encoding.set':
    case 'stream.not.readable':
      return unreadable('The request body could not be read.');
    default:
      return undefined;
  }
}

interface Answer {
  status: number;
  code: ApiErrorCode;
  message: string;
  extra: Record<string, unknown>;
  headers: Record<string, string>;
}

/** What the client is told: the error's own answer when it is safe to show, else a generic one. */
function answerTo(err: unknown, req: Request): Answer {
  const known =
    err instanceof HttpError
      ? err
      : err instanceof ProviderError
        ? providerFailure(err)
        : bodyParserError((err ?? {}) as object);
  if (known) return known;
  const status = (err as { status?: unknown } | undefined)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500)
    return { status, code: 'request_refused', message: 'The request could not be processed.', extra: {}, headers: {} };
  req.log?.error({ err }, 'unhandled error');
  return { status: 500, code: 'internal_error', message: INTERNAL, extra: {}, headers: {} };
}

/** The one place an error becomes a response: `{error, ...extra}`, its status, its code in Error-Code. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const { status, code, message, extra, headers } = answerTo(err, req);
  if (res.headersSent) {
    res.end();
    return;
  }
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader(ERROR_CODE_HEADER, code);
  res.status(status).json({ error: message, ...extra });
};
