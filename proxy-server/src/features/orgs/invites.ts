/** Invitation tokens and links: the server keeps only a token's hash, like API tokens and sessions. */
import { randomBytes } from 'node:crypto';
import type { Request } from 'express';

const PREFIX = 'inv_';

export const newInviteToken = () => `${PREFIX}${randomBytes(32).toString('base64url')}`;

/** A token as it can appear in a path; anything else cannot be an invitation. */
export const looksLikeInviteToken = (token: string) => /^inv_[A-Za-z0-9_-]{20,100}$/.test(token);

/** The accept page's address on the host the request came to (the host allow-list has vetted it). */
export const inviteUrl = (req: Request, token: string) =>
  `${req.protocol}://${req.get('host') ?? 'localhost'}/invite/${token}`;

/** "b***@example.com": enough for the person to recognise the address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
