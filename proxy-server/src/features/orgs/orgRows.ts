/** Organization rows as the database stores them (db/schema.ts), their ids and slugs, and the API's shapes. */
import { randomBytes } from 'node:crypto';
import { ORG_ROLES, type OrgInvite, type OrgMember, type OrgRole } from '@prompt-perfect/core/api/orgs';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const SLUG_MAX = 40;

/** `org_` and 16 base32 characters (80 random bits). Never a slug: slugs have no underscore. */
export function newOrgId(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `org_${out}`;
}

/** Lowercase ASCII letters, digits and single dashes from the name ("Café Müller" -> "cafe-muller"). */
export function slugBase(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return ascii || 'org';
}

/** The first of base, base-2, base-3 ... that is not in `taken`. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A stored role; anything unknown reads as the least powerful role. */
export const roleOf = (column: string): OrgRole =>
  (ORG_ROLES as readonly string[]).includes(column) ? (column as OrgRole) : 'viewer';

const iso = (ms: number) => new Date(ms).toISOString();

export const toMember = (r: {
  user_id: string;
  name: string;
  email: string;
  role: string;
  joined_at: number;
}): OrgMember => ({
  userId: r.user_id,
  name: r.name,
  email: r.email,
  role: roleOf(r.role),
  joinedAt: iso(r.joined_at),
});

/** Who made an invitation, for people: their name while they are a member. */
export const FORMER_MEMBER = 'a former member';

export const toInvite = (r: {
  id: number;
  role: string;
  email: string | null;
  creator: string | null;
  created_at: number;
  expires_at: number;
}): OrgInvite => ({
  id: r.id,
  role: roleOf(r.role),
  email: r.email,
  createdBy: r.creator ?? FORMER_MEMBER,
  createdAt: iso(r.created_at),
  expiresAt: iso(r.expires_at),
});
