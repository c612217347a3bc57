/**
 * [teams] The active organization in a verified Clerk session token, with Clerk's role mapped to ours.
 * Version 2 tokens carry `o: { id, rol, slg }` (the role without its `org:` prefix); version 1 tokens
 * `org_id`, `org_role` ('org:admin') and `org_slug`.
 *
 *   Clerk role                 ours
 *   org:owner, org:creator     owner
 *   org:admin                  admin
 *   org:member, org:editor     editor
 *   org:viewer                 viewer
 *   any other (custom) role    viewer (the least power: reading)
 */
import type { OrgRole } from '@prompt-perfect/core/api/orgs';
import type { AuthUser } from '@prompt-perfect/core/auth/types';

const CLERK_ROLES: Record<string, OrgRole> = {
  owner: 'owner',
  creator: 'owner',
  admin: 'admin',
  member: 'editor',
  editor: 'editor',
  viewer: 'viewer',
};

export const roleFromClerk = (role: string): OrgRole => CLERK_ROLES[role.replace(/^org:/, '')] ?? 'viewer';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The token's active organization, or undefined when it has none (a personal session). */
export function orgFromClaims(claims: Record<string, unknown>): AuthUser['org'] {
  const v2 = claims.o !== null && typeof claims.o === 'object' ? (claims.o as Record<string, unknown>) : undefined;
  const id = str(v2?.id) ?? str(claims.org_id);
  const role = str(v2?.rol) ?? str(claims.org_role);
  if (!id || !role) return undefined;
  const slug = str(v2?.slg) ?? str(claims.org_slug);
  return { id, role: roleFromClerk(role), ...(slug ? { slug } : {}) };
}
