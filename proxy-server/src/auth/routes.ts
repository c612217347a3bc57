/** Session endpoints: the local development identity, and who is signed in (either mode). */
import { createHash } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import type { SessionResponse } from '@prompt-perfect/core/api/types';
import type { Authenticator } from './authenticator';
import { cookieOptions, readSignedCookie, SESSION_COOKIE } from './cookies';
import { SESSION_TTL_MS, type SessionStore } from './sessionStore';
import { NotFound } from '../http/httpError';
import { parseBody } from '../http/validate';

const NAME_MAX = 80;

export const SignInSchema = z.object({
  name: z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1).max(NAME_MAX)),
  email: z
    .string()
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1)
        .max(254)
        .pipe(z.email({ message: 'must be a valid e-mail address.' })),
    ),
});

function localUserId(email: string): string {
  return `local_${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24)}`;
}

/** Deletes the caller's local session (if any) and clears its cookie. */
export async function endLocalSession(sessions: SessionStore, req: Request, res: Response): Promise<void> {
  const sid = readSignedCookie(req, SESSION_COOKIE);
  if (typeof sid === 'string') await sessions.delete(sid);
  const { maxAge: _maxAge, signed: _signed, ...clear } = cookieOptions(req, 0);
  res.clearCookie(SESSION_COOKIE, clear);
}

export function createAuthRoutes(auth: Authenticator, sessions: SessionStore): Router {
  const router = express.Router();

  router.get('/auth/session', async (req, res) => {
    const identity = await auth.identify(req);
    const body: SessionResponse = { mode: auth.mode, user: identity.user };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });

  router.post('/auth/local/sign-in', async (req, res) => {
    if (auth.mode !== 'local') {
      throw new NotFound('Local sign-in is not available: this server uses Clerk for sign-in.');
    }
    const { name, email } = parseBody(SignInSchema, req);
    const previous = readSignedCookie(req, SESSION_COOKIE);
    if (typeof previous === 'string') await sessions.delete(previous);
    const user = { id: localUserId(email), name, email };
    const sid = await sessions.create(user);
    res.cookie(SESSION_COOKIE, sid, cookieOptions(req, SESSION_TTL_MS));
    const body: SessionResponse = { mode: 'local', user: { ...user, source: 'local' } };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });

  router.post('/auth/sign-out', async (req, res) => {
    await endLocalSession(sessions, req, res);
    const body: SessionResponse = { mode: auth.mode, user: null };
    res.json(body);
  });

  return router;
}
