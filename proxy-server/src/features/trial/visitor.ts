/** The visitor id: a random value in a signed httpOnly cookie, issued on first contact. */
import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { cookieOptions, readSignedCookie, VISITOR_COOKIE } from '../../auth/cookies';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const VALID_ID = /^[A-Za-z0-9_-]{22,64}$/;

/** Where a response keeps the id it issued, so every caller within one request agrees on one cookie. */
const ISSUED = 'visitorId';

export function visitorId(req: Request, res: Response): string {
  const existing = readSignedCookie(req, VISITOR_COOKIE);
  if (typeof existing === 'string' && VALID_ID.test(existing)) return existing;
  if (typeof res.locals[ISSUED] === 'string') return res.locals[ISSUED];
  const id = randomBytes(24).toString('base64url');
  res.cookie(VISITOR_COOKIE, id, cookieOptions(req, ONE_YEAR_MS));
  res.locals[ISSUED] = id;
  return id;
}
