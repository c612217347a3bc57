/**
 * Every failed run reads alike: a sentence saying what happened and what to do next, and, when a
 * provider or the network gave its own words, those words kept apart under "Details".
 */
import { MSG } from '../messages';

export interface ExplainedFailure {
  /** A whole sentence (or two) with what to do next. */
  sentence: string;
  /** The provider's or server's own words, when they are not the sentence itself. */
  details?: string;
}

/** The spec's wrappers around a provider's words (section 8). */
const PROVIDER_WRAPPER =
  /^(OpenAI API error|OpenAI API Error|Claude Service Error|AI Service Error|Anthropic API error): ?([\s\S]*)$/;
const PROXY_STATUS = /^Proxy Error: (\d+)$/;

const RETRY = 'Press Retry; if it fails again, pick another model.';

const ownWords: Record<string, string> = {
  [MSG.connectionError]: 'The connection to the model provider broke off. Check your connection, then press Retry.',
  [MSG.requestTimedOut]: 'The model provider took too long to answer. Press Retry, or pick a faster model.',
  [MSG.requestAborted]: 'The request was cut off before the answer came. Press Retry.',
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The sentence and details of a failure message (`status`: the HTTP status when known). */
export function explainFailure(message: string, status?: number): ExplainedFailure {
  const text = message.trim();
  const known = ownWords[text];
  if (known) return { sentence: known, details: text };
  const proxy = PROXY_STATUS.exec(text);
  if (proxy)
    return {
      sentence: `The server could not answer (status ${proxy[1]}). Wait a moment, then press Retry.`,
      details: text,
    };
  const wrapped = PROVIDER_WRAPPER.exec(text);
  if (!wrapped) return { sentence: text };
  const words = wrapped[2].trim();
  // Our own words inside the wrapper (a rejected key): already a sentence with what to do.
  if (/Please contact the administrator\.$/.test(words)) return { sentence: capitalized(words) };
  const sentence =
    status === 429
      ? 'The model provider is limiting requests right now. Wait a moment, then press Retry.'
      : `The model provider could not answer. ${RETRY}`;
  return { sentence, details: text };
}
