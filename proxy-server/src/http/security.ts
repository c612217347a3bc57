/**
 * helmet with a CSP that allows this origin, the remotes' origins (those of the releases being
 * served, see remotes/releases.ts: a release on a new origin is allowed from the next page on) and,
 * when Clerk is configured, what Clerk's CSP guide requires: its frontend API origin (script,
 * connect, frame), https://img.clerk.com (images) and https://challenges.cloudflare.com (bot
 * protection: script, frame). Nothing else.
 */
import helmet from 'helmet';
import type { RequestHandler } from 'express';
import type { Config } from '../config';

/** Set by the middleware before this one (app.ts): the origins of the remote releases being served. */
export const REMOTE_ORIGINS_LOCAL = 'remoteOrigins';

/** Clerk's image host (avatars, logos) and Cloudflare's bot protection (Turnstile), per Clerk's CSP guide. */
const CLERK_IMAGE_ORIGIN = 'https://img.clerk.com';
const CLERK_BOT_PROTECTION_ORIGIN = 'https://challenges.cloudflare.com';
/** Clerk's abuse and fraud protection loads scripts, frames and requests from here. */
const CLERK_FRAUD_PROTECTION_ORIGIN = 'https://*.protect.clerk.com';

function contentSecurityDirectives(config: Config, remotes: string[]): Record<string, string[]> {
  const clerk = config.auth.mode === 'clerk' ? [config.auth.frontendApiOrigin] : [];
  const isClerk = clerk.length > 0;
  const botProtection = isClerk ? [CLERK_BOT_PROTECTION_ORIGIN, CLERK_FRAUD_PROTECTION_ORIGIN] : [];
  const loadable = ["'self'", ...remotes, ...clerk];
  return {
    'default-src': ["'self'"],
    'script-src': [...loadable, ...botProtection],
    // Radix's scroll lock (react-remove-scroll) injects a <style> element at run time. Inline
    // styles cannot run code, so they are allowed; scripts stay strictly 'self' + known origins.
    'style-src': [...loadable, "'unsafe-inline'"],
    'connect-src': [...loadable, ...(isClerk ? [CLERK_FRAUD_PROTECTION_ORIGIN] : [])],
    'img-src': ["'self'", 'data:', ...remotes, ...clerk, ...(isClerk ? [CLERK_IMAGE_ORIGIN] : [])],
    'font-src': ["'self'", 'data:', ...remotes],
    'worker-src': ["'self'", ...(clerk.length ? ['blob:'] : [])],
    'frame-src': ["'self'", ...clerk, ...botProtection],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
}

function headersFor(config: Config, remotes: string[]): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config, remotes) },
    // Remote assets set their own Cross-Origin-Resource-Policy: cross-origin.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Clerk's sign-in may use popups (OAuth).
    crossOriginOpenerPolicy: { policy: config.auth.mode === 'clerk' ? 'same-origin-allow-popups' : 'same-origin' },
    strictTransportSecurity: false,
  });
}

/** Releases change rarely: one helmet per set of remote origins, the last few kept. */
const KEPT_ORIGIN_SETS = 8;

export function securityHeaders(config: Config): RequestHandler {
  const byOrigins = new Map<string, RequestHandler>();
  return (req, res, next) => {
    const remotes = (res.locals[REMOTE_ORIGINS_LOCAL] as string[] | undefined) ?? [];
    const key = remotes.join(' ');
    let headers = byOrigins.get(key);
    if (!headers) {
      if (byOrigins.size >= KEPT_ORIGIN_SETS) byOrigins.delete(byOrigins.keys().next().value as string);
      headers = headersFor(config, remotes);
      byOrigins.set(key, headers);
    }
    headers(req, res, next);
  };
}
