/** [teams] Organizations, members and invitations as the routes and guards see them (both backends). */
import type { OrgInvite, OrgMember, OrgRole, OrgSummary } from '@prompt-perfect/core/api/orgs';

export interface Org {
  id: string;
  slug: string;
  name: string;
}

export interface Membership {
  org: Org;
  role: OrgRole;
}

export interface Person {
  id: string;
  name: string;
  email: string;
}

export type AcceptResult =
  | { ok: true; org: OrgSummary }
  | { ok: false; reason: 'unknown' | 'used' | 'expired' | 'wrong-account' | 'already-member' };

export interface OrgStore {
  /** Creates the organization with `maker` as its owner; the slug is derived from the name and unique. */
  create(maker: Person, name: string, now: number): Promise<OrgSummary>;
  /** The person's organizations with their role in each. */
  listFor(userId: string): Promise<OrgSummary[]>;
  /** The person's role in the organization named by slug or id; undefined when not a member or no such org. */
  membership(userId: string, slugOrId: string): Promise<Membership | undefined>;
  members(orgId: string): Promise<OrgMember[]>;
  /** Sets a member's role; false when they are not a member. Callers check who may grant what. */
  setRole(orgId: string, userId: string, role: OrgRole): Promise<boolean>;
  /** Removes the member and revokes the organization tokens they made; false when not a member. */
  removeMember(orgId: string, userId: string, now: number): Promise<boolean>;
  remove(orgId: string): Promise<void>;
  createInvite(
    orgId: string,
    invite: { role: OrgRole; email: string | null; createdBy: string; tokenHash: string; expiresAt: number },
    now: number,
  ): Promise<OrgInvite>;
  invites(orgId: string, now: number): Promise<OrgInvite[]>;
  revokeInvite(orgId: string, id: number): Promise<boolean>;
  /** Uses the invitation once: adds the person with its role, in one transaction. */
  acceptInvite(tokenHash: string, person: Person, now: number): Promise<AcceptResult>;
}
