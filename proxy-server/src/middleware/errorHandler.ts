/** Last handlers: JSON 404 for unknown /api routes and one JSON error shape for everything. */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { BODY_HAS_NUL, BODY_TOO_DEEP } from './jsonBodyLimits';
import { HttpError } from '../httpError';
import { ProviderError } from '../providers/providerError';

const MALFORMED_JSON = 'Request body must be valid JSON.';
/** The limit of the parser that refused the body (64 KB for most routes, 1 MB for test sets). */
const tooLarge = (limitBytes: number | undefined) => {
  if (!limitBytes) return 'Request body is too large.';
  const limit =
    limitBytes >= 1024 * 1024 ? `${Math.round(limitBytes / (1024 * 1024))} MB` : `${Math.round(limitBytes / 1024)} KB`;
  return `Request body is too large (the limit is ${limit}).`;
};
const INTERNAL = 'Something went wrong on the server. Please try again later.';

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: `No such API endpoint: ${req.method} ${req.path.slice(0, 100)}` });
};

/** body-parser and http-errors mark client errors with a type and an expose flag. */
function bodyParserMessage(err: { type?: string; status?: number; limit?: number }): [number, string] | undefined {
  switch (err.type) {
    case 'entity.parse.failed':
      return [400, MALFORMED_JSON];
    case 'entity.too.deep':
      return [400, BODY_TOO_DEEP];
    case 'entity.nul':
      return [400, BODY_HAS_NUL];
    case 'entity.too.large':
      return [413, tooLarge(err.limit)];
    case 'encoding.unsupported':
      return [415, 'Unsupported content encoding: send the body uncompressed.'];
    case 'charset.unsupported':
      return [415, 'Unsupported charset: send the body as UTF-8 JSON.'];
    case 'request.size.invalid':
      return [400, 'Request body size does not match its Content-Length header.'];
    case 'request.aborted':
      return [400, 'The request was aborted before its body arrived.'];
    case 'stream.encoding.set':
    case 'stream.not.readable':
      return [400, 'The request body could not be read.'];
    default:
      return undefined;
  }
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  let status = 500;
  let message = INTERNAL;
  let extra: Record<string, unknown> = {};
  if (err instanceof HttpError) {
    status = err.status;
    message = err.message;
    extra = err.extra;
    for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
  } else if (err instanceof ProviderError) {
    status = err.httpStatus;
    message = err.message;
    if (err.retryAfterSeconds !== undefined && !res.headersSent)
      res.setHeader('Retry-After', String(err.retryAfterSeconds));
  } else {
    const mapped = bodyParserMessage(err ?? {});
    if (mapped) [status, message] = mapped;
    else if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500) {
      status = err.status;
      message = 'The request could not be processed.';
    } else {
      req.log?.error({ err }, 'unhandled error');
    }
  }
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(status).json({ error: message, ...extra });
};
