/**
 * Cross-site request forgery guard for state-changing /api calls. Browsers send Sec-Fetch-Site and
 * Origin on cross-origin POSTs; a page on another site therefore cannot make a signed-in visitor's
 * browser spend a trial or a provider call. Requests with neither header (curl, SDKs, tests) pass:
 * they carry no ambient browser cookies an attacker could borrow.
 */
import type { Request, RequestHandler } from 'express';
import { Forbidden } from './httpError';

const CROSS_SITE = 'Cross-site requests are not allowed.';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** An http(s) origin parsed, or undefined ('null' from sandboxed frames and file: pages, garbage). */
function parseOrigin(value: string): URL | undefined {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The hosts this request was addressed to, normalised like the Origin (default port dropped): the
 * Host header, and X-Forwarded-Host when TRUST_PROXY trusts the peer (Express's req.host).
 */
function requestHosts(req: Request, protocol: string): Set<string> {
  const out = new Set<string>();
  for (const h of [req.headers.host, req.host]) {
    const parsed = h ? parseOrigin(`${protocol}//${h}`) : undefined;
    if (parsed) out.add(parsed.host);
  }
  return out;
}

function isCrossSite(req: Request): boolean {
  if (req.get('sec-fetch-site')?.trim().toLowerCase() === 'cross-site') return true;
  const header = req.get('origin');
  if (header === undefined) return false;
  const origin = parseOrigin(header.trim());
  if (!origin) return true;
  return !requestHosts(req, origin.protocol).has(origin.host);
}

/**
 * A personal API token (Bearer pp_...) sent without cookies is not ambient authority: whoever sends
 * it holds the secret, so a page elsewhere gains nothing by making a browser send it.
 */
const PERSONAL_TOKEN = /^Bearer\s+pp_/i;
const carriesOnlyPersonalToken = (req: Request) =>
  PERSONAL_TOKEN.test(req.headers.authorization ?? '') && !req.headers.cookie;

export const rejectCrossSite: RequestHandler = (req, _res, next) => {
  if (UNSAFE.has(req.method) && isCrossSite(req) && !carriesOnlyPersonalToken(req))
    throw new Forbidden(CROSS_SITE, { code: 'cross_site' });
  next();
};
