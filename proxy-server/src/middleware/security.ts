/**
 * helmet with a CSP that allows this origin, the remotes' origins (from the runtime config URLs)
 * and, when Clerk is configured, Clerk's frontend API origin. Nothing else.
 */
import helmet from 'helmet';
import type { RequestHandler } from 'express';
import type { Config } from '../config';

/** Origins of absolute remote manifest URLs; relative URLs are same-origin already. */
export function remoteOrigins(remotes: Config['remotes']): string[] {
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

export function contentSecurityDirectives(config: Config): Record<string, string[]> {
  const remotes = remoteOrigins(config.remotes);
  const clerk = config.auth.mode === 'clerk' ? [config.auth.frontendApiOrigin] : [];
  const loadable = ["'self'", ...remotes, ...clerk];
  return {
    'default-src': ["'self'"],
    'script-src': loadable,
    // Radix's scroll lock (react-remove-scroll) injects a <style> element at run time. Inline
    // styles cannot run code, so they are allowed; scripts stay strictly 'self' + known origins.
    'style-src': [...loadable, "'unsafe-inline'"],
    'connect-src': loadable,
    'img-src': ["'self'", 'data:', ...remotes, ...clerk],
    'font-src': ["'self'", 'data:', ...remotes],
    'worker-src': ["'self'", ...(clerk.length ? ['blob:'] : [])],
    'frame-src': ["'self'", ...clerk],
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
