/**
 * Checks on a JSON body's raw bytes before it is parsed, in one linear pass with strings skipped:
 * - nesting: a body nested thousands deep costs seconds to parse and overflows the stack of
 *   whatever walks it afterwards;
 * - NUL characters (`\u0000`, the only way JSON carries one): PostgreSQL cannot store them in text,
 *   so they are refused here, the same on both backends, before any work is done.
 */
const JSON_MAX_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const U = 0x75;
const ZERO = 0x30;
const OPENS = new Set([0x5b, 0x7b]);
const CLOSES = new Set([0x5d, 0x7d]);

export type JsonProblem = 'too-deep' | 'nul';

const isNulEscape = (bytes: Uint8Array, i: number) =>
  bytes[i + 1] === U &&
  bytes[i + 2] === ZERO &&
  bytes[i + 3] === ZERO &&
  bytes[i + 4] === ZERO &&
  bytes[i + 5] === ZERO;

/** What is wrong with the JSON text, if anything: nested more than `max` deep, or a NUL character. */
export function jsonProblem(bytes: Uint8Array, max = JSON_MAX_DEPTH): JsonProblem | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === BACKSLASH) {
        if (isNulEscape(bytes, i)) return 'nul';
        i++;
      } else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (OPENS.has(b)) {
      if (++depth > max) return 'too-deep';
    } else if (CLOSES.has(b)) depth--;
  }
  return undefined;
}

export const NESTED_TOO_DEEP = `nests objects and arrays more than ${JSON_MAX_DEPTH} levels deep (the nesting limit).`;
export const BODY_TOO_DEEP = `The request body ${NESTED_TOO_DEEP}`;
export const BODY_HAS_NUL = 'The request body holds a NUL character (\\u0000), which no text field accepts: remove it.';

/** For body-parser's `verify`: refuses the body before it is parsed (400, see errorHandler). */
export function refuseBadJson(_req: unknown, _res: unknown, body: Buffer): void {
  const problem = jsonProblem(body);
  if (problem === 'too-deep') throw Object.assign(new Error(BODY_TOO_DEEP), { type: 'entity.too.deep' });
  if (problem === 'nul') throw Object.assign(new Error(BODY_HAS_NUL), { type: 'entity.nul' });
}
