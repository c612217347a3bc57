/** [teams] Organizations, their members and invitations (managed with the session only). */
import { z } from 'zod';
import {
  type CreatedInvite,
  INVITE_TTL_MS,
  type InvitePreview,
  ORG_ROLES,
  type OrgInvite,
  type OrgMember,
  type OrgSummary,
} from '@prompt-perfect/core/api/orgs';
import { CreateOrgSchema, InviteSchema, RoleSchema } from '../../features/orgs/schemas';
import type { Operation } from '../operation';

const iso = z.string().meta({ format: 'date-time' });
const role = z.enum(ORG_ROLES);

const OrgSummarySchema: z.ZodType<OrgSummary> = z
  .object({ id: z.string(), slug: z.string(), name: z.string(), role })
  .meta({ id: 'OrgSummary', description: "An organization and the caller's role in it." });
const OrgMemberSchema: z.ZodType<OrgMember> = z
  .object({ userId: z.string(), name: z.string(), email: z.string(), role, joinedAt: iso })
  .meta({ id: 'OrgMember' });
const OrgInviteSchema: z.ZodType<OrgInvite> = z
  .object({
    id: z.number().int(),
    role,
    email: z.string().nullable().meta({ description: 'Only this address may accept it; null: anyone with the link.' }),
    createdBy: z.string().meta({ description: 'The name of the member who made it.' }),
    createdAt: iso,
    expiresAt: iso,
  })
  .meta({ id: 'OrgInvite' });
const CreatedInviteSchema: z.ZodType<CreatedInvite> = z
  .object({
    url: z.string().meta({ description: 'The accept page: `<origin>/invite/<token>`.' }),
    token: z.string().meta({ description: 'Shown once: the server keeps only its SHA-256.' }),
    expiresAt: iso,
  })
  .meta({ id: 'CreatedInvite' });
const InvitePreviewSchema: z.ZodType<InvitePreview> = z
  .object({ org: z.object({ name: z.string(), slug: z.string() }), role, invitedBy: z.string(), expiresAt: iso })
  .meta({ id: 'InvitePreview' });
const OrgListSchema = z.object({ items: z.array(OrgSummarySchema) });
const MemberListSchema = z.object({ items: z.array(OrgMemberSchema) });
const InviteListSchema = z.object({ items: z.array(OrgInviteSchema) });

const org = z.string().meta({ description: "The organization's slug or id.", example: 'acme' });
const orgParams = z.object({ org });
const memberParams = z.object({ org, userId: z.string().meta({ example: 'local_3f2a9c0d1e4b5a6f7c8d9e0a' }) });
const inviteParams = z.object({ org, id: z.string().regex(/^\d+$/).meta({ example: '3' }) });
const tokenParams = z.object({ token: z.string().meta({ example: 'inv_...' }) });

const NOT_MEMBER = { 404: 'No such organization among yours (a non-member gets exactly this answer).' };
const SUMMARY_EXAMPLE = { id: 'org_k3v9q2m7x4b8c1d5', slug: 'acme', name: 'Acme', role: 'owner' };
const MEMBER_EXAMPLE = {
  userId: 'local_3f2a9c0d1e4b5a6f7c8d9e0a',
  name: 'Grace',
  email: 'grace@example.com',
  role: 'editor',
  joinedAt: '2026-05-04T09:12:00.000Z',
};
const days = INVITE_TTL_MS / 86_400_000;

export const orgOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/orgs',
    tag: 'Organizations',
    summary: 'Your organizations',
    access: 'session',
    ok: { status: 200, description: 'Each, with your role in it.', schema: OrgListSchema },
  },
  {
    method: 'post',
    path: '/api/orgs',
    tag: 'Organizations',
    summary: 'Create an organization (you are its owner)',
    description: 'The slug is made from the name (lowercase ASCII) and is unique: `acme`, then `acme-2`...',
    access: 'session',
    body: CreateOrgSchema,
    bodyExample: { name: 'Acme' },
    ok: { status: 201, description: 'The organization.', schema: OrgSummarySchema, example: SUMMARY_EXAMPLE },
    errors: { 400: 'No name, or longer than 80 characters.', 409: 'You belong to 50 organizations already.' },
  },
  {
    method: 'delete',
    path: '/api/orgs/{org}',
    tag: 'Organizations',
    summary: 'Delete an organization and all its data (owner)',
    access: 'session',
    params: orgParams,
    ok: { status: 204, description: 'Deleted.' },
    errors: { 403: 'Your role is not owner.', ...NOT_MEMBER },
  },
  {
    method: 'get',
    path: '/api/orgs/{org}/members',
    tag: 'Organizations',
    summary: 'Its members and their roles (any member)',
    access: 'session',
    params: orgParams,
    ok: { status: 200, description: 'Each member.', schema: MemberListSchema },
    errors: NOT_MEMBER,
  },
  {
    method: 'put',
    path: '/api/orgs/{org}/members/{userId}',
    tag: 'Organizations',
    summary: "Change a member's role (admin; an owner for owners)",
    description: 'Takes effect on their next request. The last owner is never demoted.',
    access: 'session',
    params: memberParams,
    body: RoleSchema,
    bodyExample: { role: 'viewer' },
    ok: { status: 200, description: 'The member.', schema: OrgMemberSchema, example: MEMBER_EXAMPLE },
    errors: {
      400: 'Not a role.',
      403: 'Your role may not manage members, or only an owner may change or appoint an owner.',
      404: 'No such organization among yours, or no such member.',
      409: 'It would leave the organization without an owner.',
    },
  },
  {
    method: 'delete',
    path: '/api/orgs/{org}/members/{userId}',
    tag: 'Organizations',
    summary: 'Remove a member (admin), or leave (yourself)',
    description:
      'Takes effect on their next request; the organization tokens they made are revoked, and their runs in flight in the organization (on this server instance) are stopped. The last owner never leaves.',
    access: 'session',
    params: memberParams,
    ok: { status: 204, description: 'Removed.' },
    errors: {
      403: 'Your role may not manage members, or only an owner may remove an owner.',
      404: 'No such organization among yours, or no such member.',
      409: 'It would leave the organization without an owner.',
    },
  },
  {
    method: 'post',
    path: '/api/orgs/{org}/invites',
    tag: 'Organizations',
    summary: 'Make an invitation link (admin; an owner for owners)',
    description: `One use, for ${days} days, with the role given; with \`email\` only that address may accept it.`,
    access: 'session',
    params: orgParams,
    body: InviteSchema,
    bodyExample: { role: 'editor', email: 'grace@example.com' },
    ok: {
      status: 201,
      description: 'The link (shown once).',
      schema: CreatedInviteSchema,
      example: {
        url: 'https://prompt.example/invite/inv_...',
        token: 'inv_...',
        expiresAt: '2026-05-11T09:12:00.000Z',
      },
    },
    errors: {
      400: 'Not a role, or not an e-mail address.',
      403: 'Your role may not invite (that role).',
      ...NOT_MEMBER,
      409: 'The organization has 50 open invitations already.',
    },
  },
  {
    method: 'get',
    path: '/api/orgs/{org}/invites',
    tag: 'Organizations',
    summary: 'Open invitations (admin)',
    access: 'session',
    params: orgParams,
    ok: { status: 200, description: 'Those not used and not expired.', schema: InviteListSchema },
    errors: { 403: 'Your role may not manage members.', ...NOT_MEMBER },
  },
  {
    method: 'delete',
    path: '/api/orgs/{org}/invites/{id}',
    tag: 'Organizations',
    summary: 'Revoke an invitation (admin)',
    access: 'session',
    params: inviteParams,
    ok: { status: 204, description: 'Revoked: the link no longer works.' },
    errors: {
      403: 'Your role may not manage members.',
      404: 'No such organization among yours, or no open invitation.',
    },
  },
  {
    method: 'get',
    path: '/api/invites/{token}',
    tag: 'Organizations',
    summary: 'What an invitation offers',
    access: 'session',
    params: tokenParams,
    ok: { status: 200, description: 'The organization, the role and who invited you.', schema: InvitePreviewSchema },
    errors: {
      404: 'Not an invitation.',
      409: 'Used already (`invite_used`), or: You are a member of its organization already (`already_member`, with `org`: the organization, to switch to).',
      410: 'Expired.',
    },
  },
  {
    method: 'post',
    path: '/api/invites/{token}/accept',
    tag: 'Organizations',
    summary: 'Accept an invitation',
    access: 'session',
    params: tokenParams,
    ok: {
      status: 200,
      description: 'The organization joined, with your role.',
      schema: OrgSummarySchema,
      example: SUMMARY_EXAMPLE,
    },
    errors: {
      403: 'The invitation is for another e-mail address (named, partly masked).',
      404: 'Not an invitation.',
      409: 'Used already (`invite_used`), or: You are a member of its organization already (`already_member`, with `org`: the organization, to switch to).',
      410: 'Expired.',
    },
  },
];
