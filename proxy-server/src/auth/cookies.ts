/** Our two signed, httpOnly, SameSite=Lax cookies. */
import type { CookieOptions, Request } from 'express';

export const SESSION_COOKIE = 'pp_session';
export const VISITOR_COOKIE = 'pp_visitor';

export function cookieOptions(req: Request, maxAgeMs: number): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: req.secure, signed: true, path: '/', maxAge: maxAgeMs };
}

/** The signed cookie's value if present and untampered; `false` if tampered; undefined if absent. */
export function readSignedCookie(req: Request, name: string): string | false | undefined {
  const v = (req.signedCookies as Record<string, unknown> | undefined)?.[name];
  if (v === false) return false;
  if (typeof v === 'string') return v;
  if ((req.cookies as Record<string, unknown> | undefined)?.[name] !== undefined) return false; // unsigned value
  return undefined;
}
