/**
 * Maps whatever a provider SDK throws to a message from the spec's catalogue (section 8) and an
 * HTTP status for our client. Key-like strings are redacted; stacks never leave the server.
 */
import {
  errorKindForStatus,
  messageForKind,
  type ProviderErrorKind,
} from '@prompt-perfect/shared/errors/providerStatus';
import { claudeServiceErrorText, MSG, openAIResponseErrorText } from '@prompt-perfect/shared/messages';

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
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

const KEY_PATTERN = /\b(?:sk|pk|rk|ak)[-_][A-Za-z0-9_*.\-]{4,}/g;

export function redact(text: string, secrets: Array<string | undefined>): string {
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

interface SdkErrorLike {
  status?: unknown;
  message?: unknown;
  error?: unknown;
  name?: unknown;
  constructor?: { name?: string };
}

/** The upstream's error.message from the JSON body, else the SDK message without its status prefix. */
function upstreamText(e: SdkErrorLike): string {
  const body = e.error as { message?: unknown; error?: { message?: unknown } } | undefined;
  const fromBody = body?.error?.message ?? body?.message;
  if (typeof fromBody === 'string' && fromBody.trim()) return fromBody.trim();
  const m = typeof e.message === 'string' ? e.message.replace(/^\d{3}\s+/, '') : '';
  return /status code \(no body\)/.test(m) ? '' : m.trim();
}

const MAX_UPSTREAM_MESSAGE = 300;

export function toProviderError(err: unknown, name: UpstreamName, secrets: Array<string | undefined>): ProviderError {
  if (err instanceof ProviderError) return err;
  const e = (err ?? {}) as SdkErrorLike;
  const className = e.constructor?.name ?? '';
  const status = typeof e.status === 'number' ? e.status : undefined;

  if (className === 'APIUserAbortError') {
    return new ProviderError('aborted', MSG.requestAborted, 499, MSG.requestAborted);
  }
  if (className === 'APIConnectionTimeoutError') {
    return new ProviderError('timeout', MSG.requestTimedOut, 504, MSG.requestTimedOut);
  }
  if (className === 'APIConnectionError') {
    return new ProviderError('connection', MSG.connectionError, 502, MSG.connectionError);
  }
  if (status !== undefined && /Error$/.test(className) && 'error' in e) {
    const kind = errorKindForStatus(status);
    const raw = redact(upstreamText(e), secrets).slice(0, MAX_UPSTREAM_MESSAGE);
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
      message = fixed && !raw ? fixed : errorText(name, raw);
    }
    const httpStatus = kind === 'rate_limit' ? 429 : kind === 'timeout' ? 504 : 502;
    const forMapping = raw || (kind === 'authentication' ? 'Invalid API key' : fixed ?? '');
    return new ProviderError(kind, message, httpStatus, forMapping, status);
  }
  // Anything else from the SDK (unparsable body, unexpected shape) is an invalid response.
  return invalidResponse(name);
}
