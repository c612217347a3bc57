/** Strong ETags for JSON answers, and the If-None-Match check (a list, weak or not, or *). */
import { createHash } from 'node:crypto';
import type { Request } from 'express';

export const etagOf = (body: string): string =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

export function notModified(req: Request, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
