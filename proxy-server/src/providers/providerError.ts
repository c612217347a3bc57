/**
 * Maps whatever a provider SDK throws to a message from the spec's catalogue (section 8) and an
 * HTTP status for our client. Key-like strings are redacted; stacks never leave the server.
 */
import { errorKindForStatus, messageForKind, type ProviderErrorKind } from '@prompt-perfect/core/errors/providerStatus';
import { claudeServiceErrorText, MSG, openAIResponseErrorText } from '@prompt-perfect/core/messages';
import * as AnthropicErrors from '@anthropic-ai/sdk';
import * as OpenAIErrors from 'openai';
import { UpstreamError } from '../http/httpError';

export type UpstreamName = 'OpenAI' | 'Anthropic';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind | 'invalid_response' | 'internal',
    /** Safe for the client. */
    message: string,
    /** HTTP status we answer with. */
    readonly httpStatus: number,
    /** The upstream's own wording (redacted), for the trial mapping. */
    readonly upstreamMessage: string,
    readonly upstreamStatus?: number,
    /** The upstream's raw error text (redacted, clipped): for debug logs only, never for clients. */
    readonly upstreamDetail?: string,
    /** When the upstream said to try again (its retry-after), in seconds: passed on to the client. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

const CODE_OF_STATUS = {
  429: 'upstream_rate_limited',
  499: 'request_aborted',
  503: 'provider_not_configured',
  504: 'upstream_timeout',
} as const;

/**
 * The answer to a provider's failure: its message (or `answer.message`, the trial's mapped wording), its
 * status's code, and the upstream's retry-after passed on.
 */
export function providerFailure(
  failure: ProviderError,
  answer: { message?: string; extra?: Record<string, unknown> } = {},
): UpstreamError {
  const retryAfter = failure.retryAfterSeconds;
  return new UpstreamError(answer.message ?? failure.message, {
    code: CODE_OF_STATUS[failure.httpStatus as keyof typeof CODE_OF_STATUS] ?? 'upstream_error',
    extra: answer.extra,
    headers: retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) },
  });
}

const KEY_PATTERN = /\b(?:sk|pk|rk|ak)[-_][A-Za-z0-9_*.-]{4,}/g;

function redact(text: string, secrets: Array<string | undefined>): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('[redacted]');
  return out.replace(KEY_PATTERN, '[redacted]');
}

export function invalidResponse(name: UpstreamName): ProviderError {
  const message = name === 'OpenAI' ? MSG.invalidOpenAIResponse : 'Invalid response from Anthropic API';
  return new ProviderError('invalid_response', message, 502, message);
}

/** Spec section 8 wrappers: 'OpenAI API error: {message or Unknown error}', 'Claude Service Error: {message}'. */
function errorText(name: UpstreamName, upstream: string): string {
  return name === 'OpenAI' ? openAIResponseErrorText(upstream) : claudeServiceErrorText(upstream || MSG.unknownError);
}

/** Text that is a web page or a stack trace, not a message meant for people. */
function looksLikeMarkupOrStack(text: string): boolean {
  return /<\/?[a-z!][^>]*>/i.test(text) || /\n\s+at\s/.test(text) || /Traceback \(most recent call last\)/.test(text);
}

/**
 * The upstream's own error message, only when its body was JSON with a message field (the SDKs set
 * `error` to the parsed body, and leave it undefined for HTML or plain-text bodies).
 */
function upstreamMessage(error: unknown): string {
  const body = error as { message?: unknown; error?: { message?: unknown } } | undefined;
  const fromBody = body?.error?.message ?? body?.message;
  if (typeof fromBody !== 'string') return '';
  const text = fromBody.trim();
  return looksLikeMarkupOrStack(text) ? '' : text;
}

const MAX_UPSTREAM_MESSAGE = 300;
const MAX_UPSTREAM_DETAIL = 2000;

const isAbort = (e: unknown) =>
  e instanceof OpenAIErrors.APIUserAbortError || e instanceof AnthropicErrors.APIUserAbortError;
const isTimeout = (e: unknown) =>
  e instanceof OpenAIErrors.APIConnectionTimeoutError || e instanceof AnthropicErrors.APIConnectionTimeoutError;
const isConnection = (e: unknown) =>
  e instanceof OpenAIErrors.APIConnectionError || e instanceof AnthropicErrors.APIConnectionError;
const isStatusError = (e: unknown): e is OpenAIErrors.APIError | AnthropicErrors.APIError =>
  (e instanceof OpenAIErrors.APIError || e instanceof AnthropicErrors.APIError) && typeof e.status === 'number';

/** The retry-after header in whole seconds (a number of seconds or an HTTP date), when there is one. */
function retryAfterOf(headers: unknown): number | undefined {
  const value =
    headers && typeof (headers as Headers).get === 'function' ? (headers as Headers).get('retry-after') : undefined;
  if (!value) return undefined;
  const seconds = /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

export function toProviderError(err: unknown, name: UpstreamName, secrets: Array<string | undefined>): ProviderError {
  if (err instanceof ProviderError) return err;
  if (isAbort(err)) return new ProviderError('aborted', MSG.requestAborted, 499, MSG.requestAborted);
  if (isTimeout(err)) return new ProviderError('timeout', MSG.requestTimedOut, 504, MSG.requestTimedOut);
  if (isConnection(err)) return new ProviderError('connection', MSG.connectionError, 502, MSG.connectionError);
  if (isStatusError(err)) {
    const status = err.status as number;
    const kind = errorKindForStatus(status);
    const raw = redact(upstreamMessage(err.error), secrets).slice(0, MAX_UPSTREAM_MESSAGE);
    const detail = redact(err.message, secrets).slice(0, MAX_UPSTREAM_DETAIL);
    const fixed = messageForKind(kind);
    let message: string;
    if (kind === 'authentication' || kind === 'permission_denied') {
      // The upstream's wording may quote part of the key: say what happened, in our words.
      message = errorText(
        name,
        kind === 'authentication'
          ? 'the API key configured on the server was rejected. Please contact the administrator.'
          : 'the API key configured on the server is not allowed to use this model. Please contact the administrator.',
      );
    } else {
      message = fixed && !raw ? fixed : errorText(name, raw || `${MSG.unknownError} (upstream status ${status})`);
    }
    const httpStatus = kind === 'rate_limit' ? 429 : kind === 'timeout' ? 504 : 502;
    const forMapping = raw || (kind === 'authentication' ? 'Invalid API key' : (fixed ?? ''));
    return new ProviderError(kind, message, httpStatus, forMapping, status, detail, retryAfterOf(err.headers));
  }
  // An error event in the middle of a stream: an APIError with the provider's message but no status.
  if (err instanceof OpenAIErrors.APIError || err instanceof AnthropicErrors.APIError) {
    const raw = redact(upstreamMessage(err.error), secrets).slice(0, MAX_UPSTREAM_MESSAGE);
    return new ProviderError(
      'server_error',
      errorText(name, raw || MSG.unknownError),
      502,
      raw,
      undefined,
      redact(err.message, secrets).slice(0, MAX_UPSTREAM_DETAIL),
    );
  }
  // Anything else from the SDK (unparsable body, unexpected shape) is an invalid response.
  return invalidResponse(name);
}
