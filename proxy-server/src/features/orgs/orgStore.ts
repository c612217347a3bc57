/** [teams] Organizations, members and invitations as the routes and guards see them (both backends). */
import type { InvitePreview, OrgInvite, OrgMember, OrgRole, OrgSummary } from '@prompt-perfect/core/api/orgs';

export interface Org {
  id: string;
  slug: string;
  name: string;
}

export interface Membership {
  org: Org;
  role: OrgRole;
}

interface Person {
  id: string;
  name: string;
  email: string;
}

export type AcceptResult =
  | { ok: true; org: OrgSummary }
  | { ok: false; reason: 'unknown' | 'used' | 'expired' | 'already-member' }
  /** `email` is the address the invitation was made for. */
  | { ok: false; reason: 'wrong-account'; email: string };

/** What an invitation shows before it is accepted, or why it cannot be; `orgId`: the organization it is for. */
type InviteLookup =
  | { ok: true; preview: InvitePreview; email: string | null; orgId: string }
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'used' | 'expired'; orgId: string };

/** A change to a member: done, no such member, or refused because the organization would have no owner left. */
export type MemberChange = 'done' | 'not-member' | 'last-owner';

export interface OrgStore {
  /** Creates the organization with `maker` as its owner; the slug is derived from the name and unique. */
  create(maker: Person, name: string, now: number): Promise<OrgSummary>;
  /** The person's organizations with their role in each. */
  listFor(userId: string): Promise<OrgSummary[]>;
  /** The person's role in the organization named by slug or id; undefined when not a member or no such org. */
  membership(userId: string, slugOrId: string): Promise<Membership | undefined>;
  members(orgId: string): Promise<OrgMember[]>;
  /** Sets a member's role, never demoting the last owner. Callers check who may grant what. */
  setRole(orgId: string, userId: string, role: OrgRole): Promise<MemberChange>;
  /** Removes the member (never the last owner) and revokes the organization tokens they made, in one transaction. */
  removeMember(orgId: string, userId: string, now: number): Promise<MemberChange>;
  remove(orgId: string): Promise<void>;
  createInvite(
    orgId: string,
    invite: { role: OrgRole; email: string | null; createdBy: string; tokenHash: string; expiresAt: number },
    now: number,
  ): Promise<OrgInvite>;
  /** The invitations not used yet and not expired. */
  invites(orgId: string, now: number): Promise<OrgInvite[]>;
  revokeInvite(orgId: string, id: number): Promise<boolean>;
  lookupInvite(tokenHash: string, now: number): Promise<InviteLookup>;
  /** Uses the invitation once: adds the person with its role, in one transaction. */
  acceptInvite(tokenHash: string, person: Person, now: number): Promise<AcceptResult>;
  /** The organizations where the person is the only owner (their account cannot be deleted while there are any). */
  soleOwnerships(userId: string): Promise<Org[]>;
  /**
   * Clerk mode: the organization and the person's role in it as a verified session token states them,
   * written to the tables so data, audit and tokens work alike. Returns the stored organization.
   */
  adopt(org: { id: string; slug?: string; name?: string }, person: Person, role: OrgRole, now: number): Promise<Org>;
}
