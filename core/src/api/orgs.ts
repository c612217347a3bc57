/**
 * [teams] Organizations: the contract between proxy-server, the shell, the remotes and REST callers.
 *
 *   POST   /api/orgs {name}                      -> 201 OrgSummary (the maker is its owner)
 *   GET    /api/orgs                             -> { items: OrgSummary[] } (the caller's)
 *   DELETE /api/orgs/:org                        -> 204 (owner)
 *   GET    /api/orgs/:org/members                -> { items: OrgMember[] }
 *   POST   /api/orgs/:org/invites {role, email?} -> 201 CreatedInvite (admin)
 *   GET    /api/orgs/:org/invites                -> { items: OrgInvite[] } (admin)
 *   DELETE /api/orgs/:org/invites/:id            -> 204 (admin)
 *   GET    /api/invites/:token                   -> InvitePreview (signed in)
 *   POST   /api/invites/:token/accept            -> OrgSummary (signed in)
 *   PUT    /api/orgs/:org/members/:userId {role} -> OrgMember (admin; owner for owners)
 *   DELETE /api/orgs/:org/members/:userId        -> 204 (admin, or oneself to leave)
 *   GET    /api/orgs/:org/audit?prompt=&actor=&format=json|csv -> { items: AuditEntry[] } (admin)
 *   POST   /api/orgs/:org/tokens                 -> CreatedApiToken acting for the organization
 *   GET    /api/shared/:token                    -> SharedPrompt (no sign-in)
 *
 * `:org` is the organization's slug or id. Every account-data route (prompts, test sets, evaluations,
 * optimizations, history of runs, tokens, webhooks, share links) also exists under /api/orgs/:org/...;
 * a caller who is not a member gets 404 there, exactly as for an organization that does not exist.
 * Favorites, progress, drafts and settings stay personal.
 */
import type { PromptVersion } from './registry';

export const ORG_ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/**
 * What a request does in a space. `spend` is anything that calls a model; `read` is any GET.
 * In a person's own space they may do everything.
 */
const SPACE_ACTIONS = [
  'read',
  'spend',
  'version.save',
  'label.move',
  'label.move-protected',
  'label.protect',
  'test-set.write',
  'prompt.import',
  'share.create',
  'share.revoke-any',
  'webhook.manage',
  'token.manage',
  'member.manage',
  'audit.read',
  'org.delete',
] as const;
export type SpaceAction = (typeof SPACE_ACTIONS)[number];

const VIEWER: readonly SpaceAction[] = ['read'];
const EDITOR: readonly SpaceAction[] = [
  ...VIEWER,
  'spend',
  'version.save',
  'label.move',
  'test-set.write',
  'prompt.import',
  'share.create',
];
const ADMIN: readonly SpaceAction[] = [
  ...EDITOR,
  'label.move-protected',
  'label.protect',
  'share.revoke-any',
  'webhook.manage',
  'token.manage',
  'member.manage',
  'audit.read',
];
const OWNER: readonly SpaceAction[] = [...ADMIN, 'org.delete'];

/** The role matrix: what each role may do in its organization. */
export const ROLE_ACTIONS: Record<OrgRole, readonly SpaceAction[]> = {
  owner: OWNER,
  admin: ADMIN,
  editor: EDITOR,
  viewer: VIEWER,
};

export const roleAllows = (role: OrgRole, action: SpaceAction): boolean => ROLE_ACTIONS[role].includes(action);

/** Roles ordered by power, for "at most the maker's role" (a token's ceiling, who may grant what). */
export const ROLE_RANK: Record<OrgRole, number> = { viewer: 0, editor: 1, admin: 2, owner: 3 };

export const ORG_NAME_MAX = 80;
/** An invitation link works once, for this long. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface OrgSummary {
  id: string;
  slug: string;
  name: string;
  /** The caller's role in it. */
  role: OrgRole;
}

export interface OrgMember {
  userId: string;
  name: string;
  email: string;
  role: OrgRole;
  joinedAt: string;
}

export interface OrgInvite {
  id: number;
  role: OrgRole;
  email: string | null;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
}

export interface CreatedInvite {
  /** The link to send: opens the accept page. Shown once; the server keeps only its hash. */
  url: string;
  token: string;
  expiresAt: string;
}

export interface InvitePreview {
  org: { name: string; slug: string };
  role: OrgRole;
  invitedBy: string;
  expiresAt: string;
}

export const AUDIT_ACTIONS = [
  'label.move',
  'label.undo',
  'label.protect',
  'version.save',
  'prompt.import',
  'member.join',
  'member.role',
  'member.remove',
  'invite.create',
  'invite.revoke',
  'token.create',
  'token.revoke',
  'webhook.set',
  'webhook.remove',
  'share.create',
  'share.revoke',
  'org.create',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  id: number;
  at: string;
  actor: { id: string; name: string };
  action: AuditAction;
  /** The prompt it concerns, when it concerns one. */
  prompt: string | null;
  /** What changed, for people: "production: v3 -> v4", "bob@example.com: editor -> viewer". */
  summary: string;
  details: Record<string, unknown>;
}

/** POST /api[/orgs/:org]/prompts/:name/share {version?, label?, expiresInDays?} -> 201 CreatedShareLink. */
export interface ShareLinkInfo {
  id: number;
  prompt: string;
  /** Exactly one of version and label: a label link follows the label. */
  version: number | null;
  label: string | null;
  createdBy: string;
  /** The maker's name when they made it. */
  createdByName: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
}

export interface CreatedShareLink {
  /** Shown once: the server keeps only its hash. */
  url: string;
  info: ShareLinkInfo;
}

/** What a share link shows, signed out. */
export interface SharedPrompt {
  prompt: string;
  /** The version shown (a label link shows the version the label points at now). */
  version: PromptVersion;
  label: string | null;
  sharedBy: string;
  expiresAt: string | null;
}
