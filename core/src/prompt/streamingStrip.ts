/**
 * stripLeadingPhrases for text that arrives in pieces. The start of a stream is held back only
 * while it could still be a preamble ("Here's an optimized prompt:", "**Refined Prompt:**"): a first
 * word that no preamble starts with is let through at once, so ordinary answers show their first
 * words without delay and a preamble never appears and then vanishes.
 */
import { stripPreambleOnce } from './stripLeadingPhrases';

/** Words a preamble or a heading line can start with (stripLeadingPhrases' patterns). */
const OPENERS = [
  'sure',
  'certainly',
  'of',
  'absolutely',
  'okay',
  'ok',
  'great',
  'alright',
  "here's",
  'here’s',
  'heres',
  'here',
  'below',
  'this',
  'optimized',
  'optimised',
  'improved',
  'refined',
  'enhanced',
  'revised',
  'rewritten',
  'final',
  'perfected',
];
/** The patterns only look this far; past it nothing is held back. */
const HEAD_LIMIT = 300;
/** stripLeadingPhrases removes at most a preamble and then a heading. */
const MAX_STRIPS = 2;

function couldStartPreamble(head: string): boolean {
  if (head === '' || head.startsWith('#') || head.startsWith('*')) return true;
  const word = /^[a-z'’]+/i.exec(head)?.[0].toLowerCase();
  if (!word) return false;
  const complete = head.length > word.length;
  return complete ? OPENERS.includes(word) : OPENERS.some((o) => o.startsWith(word));
}

export interface StreamingStripper {
  /** Takes the next piece; returns the text to show now (possibly ''). */
  push(piece: string): string;
  /** The stream ended: returns whatever was still held back. */
  end(): string;
}

export function createStreamingStripper(): StreamingStripper {
  let held = '';
  let deciding = true;
  let strips = 0;
  let shown = false;
  let stripped = '';

  const release = (text: string): string => {
    if (!shown) text = text.trimStart();
    if (text) shown = true;
    return text;
  };

  function decide(final: boolean): string {
    while (deciding) {
      const head = held.trimStart();
      if (!couldStartPreamble(head) || head.length > HEAD_LIMIT || strips >= MAX_STRIPS) {
        deciding = false;
        break;
      }
      // A preamble ends its line; without the whole line (or the end of the stream) wait.
      if (!head.includes('\n') && !final) return '';
      const rest = stripPreambleOnce(head);
      if (rest === head) {
        deciding = false;
        break;
      }
      stripped += head.slice(0, head.length - rest.length);
      held = rest;
      strips += 1;
      if (rest.trim() === '' && !final) return '';
    }
    const out = held;
    held = '';
    return release(out);
  }

  return {
    push(piece) {
      if (!deciding) return release(piece);
      held += piece;
      return decide(false);
    },
    end() {
      const out = deciding ? decide(true) : release(held);
      held = '';
      // Nothing but a preamble: keep it rather than show nothing (as stripLeadingPhrases does).
      if (!shown && !out && stripped.trim()) {
        shown = true;
        return stripped.trim();
      }
      return out;
    },
  };
}
