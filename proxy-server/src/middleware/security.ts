/**
 * helmet with a CSP that allows this origin, the remotes' origins (from the runtime config URLs)
 * and, when Clerk is configured, what Clerk's CSP guide requires: its frontend API origin (script,
 * connect, frame), https://img.clerk.com (images) and https://challenges.cloudflare.com (bot
 * protection: script, frame). Nothing else.
 */
import helmet from 'helmet';
import type { RequestHandler } from 'express';
import type { Config } from '../config';

/** Origins of absolute remote manifest URLs; relative URLs are same-origin already. */
function remoteOrigins(remotes: Config['remotes']): string[] {
  const out = new Set<string>();
  for (const u of Object.values(remotes)) {
    try {
      const parsed = new URL(u);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') out.add(parsed.origin);
    } catch {
      // relative: 'self'
    }
  }
  return [...out];
}

/** Clerk's image host (avatars, logos) and Cloudflare's bot protection (Turnstile), per Clerk's CSP guide. */
const CLERK_IMAGE_ORIGIN = 'https://img.clerk.com';
const CLERK_BOT_PROTECTION_ORIGIN = 'https://challenges.cloudflare.com';
/** Clerk's abuse and fraud protection loads scripts, frames and requests from here. */
const CLERK_FRAUD_PROTECTION_ORIGIN = 'https://*.protect.clerk.com';

function contentSecurityDirectives(config: Config): Record<string, string[]> {
  const remotes = remoteOrigins(config.remotes);
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

export function securityHeaders(config: Config): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    // Remote assets set their own Cross-Origin-Resource-Policy: cross-origin.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Clerk's sign-in may use popups (OAuth).
    crossOriginOpenerPolicy: { policy: config.auth.mode === 'clerk' ? 'same-origin-allow-popups' : 'same-origin' },
    strictTransportSecurity: false,
  });
}
