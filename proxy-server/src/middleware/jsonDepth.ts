/**
 * A nesting limit for JSON, checked on the raw bytes before parsing: a body nested thousands deep
 * costs seconds to parse and overflows the stack of whatever walks it afterwards. One linear pass,
 * strings skipped.
 */
export const JSON_MAX_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENS = new Set([0x5b, 0x7b]);
const CLOSES = new Set([0x5d, 0x7d]);

/** Whether the JSON text nests objects and arrays more than `max` deep. */
export function nestsDeeperThan(bytes: Uint8Array, max = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (OPENS.has(b)) {
      if (++depth > max) return true;
    } else if (CLOSES.has(b)) depth--;
  }
  return false;
}

export const NESTED_TOO_DEEP = `nests objects and arrays more than ${JSON_MAX_DEPTH} levels deep (the nesting limit).`;
export const BODY_TOO_DEEP = `The request body ${NESTED_TOO_DEEP}`;

/** For body-parser's `verify`: refuses a body nested too deep before it is parsed (400, see errorHandler). */
export function refuseDeepJson(_req: unknown, _res: unknown, body: Buffer): void {
  if (nestsDeeperThan(body)) throw Object.assign(new Error(BODY_TOO_DEEP), { type: 'entity.too.deep' });
}
