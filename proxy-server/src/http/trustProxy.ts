/**
 * TRUST_PROXY: which peers may tell us the client's address through X-Forwarded-For. Anything that
 * trusts every peer lets a client write its own IP, and with it dodge the trial ceiling and the
 * rate limits, so such values are refused at start-up rather than accepted silently.
 */
import { isIP } from 'node:net';

/** More proxies than this in front of one server is a misconfiguration, not a topology. */
const MAX_TRUSTED_HOPS = 5;
/** Subnets wider than these trust (almost) the whole address space. */
const MIN_IPV4_PREFIX = 8;
/** fc00::/7 (unique local addresses) is the widest private IPv6 range. */
const MIN_IPV6_PREFIX = 7;
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export type TrustProxy = false | number | string;

/** Describes what is wrong with one list entry, or undefined when it is a usable address or subnet. */
function entryProblem(entry: string): string | undefined {
  if (NAMED_RANGES.has(entry.toLowerCase())) return undefined;
  const [address, range, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined)
    return `'${entry}' is not an address, a subnet (address/prefix) or one of loopback, linklocal, uniquelocal`;
  if (range === undefined) return undefined;
  let prefix: number;
  if (/^\d{1,3}$/.test(range)) prefix = Number(range);
  else if (family === 4 && isIP(range) === 4) prefix = netmaskPrefix(range);
  else return `'${entry}' has an invalid prefix`;
  const mapped = family === 6 && /^::ffff:/i.test(address);
  const max = family === 4 ? 32 : 128;
  if (!(prefix >= 0 && prefix <= max)) return `'${entry}' has an invalid prefix`;
  const effective = mapped ? prefix - 96 : prefix;
  const minimum = family === 4 || mapped ? MIN_IPV4_PREFIX : MIN_IPV6_PREFIX;
  if (effective < minimum) return `'${entry}' trusts (almost) every address`;
  return undefined;
}

/** 255.255.0.0 -> 16; a mask with holes -> NaN. */
function netmaskPrefix(mask: string): number {
  const bits = mask
    .split('.')
    .map((o) => Number(o).toString(2).padStart(8, '0'))
    .join('');
  return /^1*0*$/.test(bits) ? (bits.indexOf('0') === -1 ? 32 : bits.indexOf('0')) : Number.NaN;
}

/**
 * Parses TRUST_PROXY into Express's 'trust proxy' value. Throws an Error whose message names the
 * variable and the fix; the caller turns it into a configuration error.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined) return false;
  const s = value.trim().toLowerCase();
  if (['0', 'false', 'no', 'off'].includes(s)) return false;
  const fix = `Set TRUST_PROXY to the number of proxies in front of this server (1 to ${MAX_TRUSTED_HOPS}, e.g. TRUST_PROXY=1) or to their addresses/subnets (e.g. TRUST_PROXY=loopback or TRUST_PROXY=10.0.0.0/8).`;
  if (['true', 'yes', 'on'].includes(s)) {
    throw new Error(
      `TRUST_PROXY=${value} would trust every proxy, so req.ip becomes the client-controlled left-most X-Forwarded-For value and trial counts and rate limits could be spoofed. ${fix}`,
    );
  }
  if (/^\d+$/.test(s)) {
    const hops = Number(s);
    if (hops > MAX_TRUSTED_HOPS) {
      throw new Error(
        `TRUST_PROXY=${value} trusts more proxy hops than any real chain has, so clients could add their own X-Forwarded-For entries and choose their IP. ${fix}`,
      );
    }
    return hops;
  }
  const entries = value.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const problem = entry ? entryProblem(entry) : 'an entry is empty';
    if (problem) throw new Error(`TRUST_PROXY=${value} cannot be used: ${problem}. ${fix}`);
  }
  return entries.join(',');
}
