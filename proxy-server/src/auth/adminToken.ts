/**
 * The operator's access to /api/admin: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant
 * time. Without ADMIN_TOKEN the admin API is off.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { Forbidden, Unauthorized } from '../http/httpError';

const digest = (value: string) => createHash('sha256').update(value).digest();

const ADMIN_API_OFF = 'The admin API is off: set ADMIN_TOKEN on the server to use it.';
const ADMIN_TOKEN_REQUIRED = 'This needs the operator token: send Authorization: Bearer <ADMIN_TOKEN>.';

export function requireAdmin(adminToken: string | undefined): RequestHandler {
  const expected = adminToken ? digest(adminToken) : undefined;
  return (req, _res, next) => {
    if (!expected) throw new Forbidden(ADMIN_API_OFF, { code: 'admin_api_off' });
    const sent = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!sent || !timingSafeEqual(digest(sent), expected)) {
      throw new Unauthorized(ADMIN_TOKEN_REQUIRED, {
        code: 'admin_token_invalid',
        headers: { 'WWW-Authenticate': 'Bearer realm="admin"' },
      });
    }
    next();
  };
}
