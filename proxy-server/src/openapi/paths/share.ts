/** [teams] Share links: a read-only link to one prompt version or to a label, opened without signing in. */
import { z } from 'zod';
import type { CreatedShareLink, SharedPrompt, ShareLinkInfo } from '@prompt-perfect/core/api/orgs';
import { PROMPT_NAME, PROMPT_NAME_RULE } from '@prompt-perfect/core/api/registry';
import { SHARE_EXPIRY_DAYS_MAX, ShareSchema } from '../../features/share/schemas';
import { inBothSpaces } from '../inOrganization';
import type { Operation } from '../operation';
import { exact, iso, PromptVersionSchema } from '../responses';

const ShareLinkInfoSchema = exact<ShareLinkInfo>()(
  z
    .object({
      id: z.number().int(),
      prompt: z.string(),
      version: z.number().int().nullable().meta({ description: 'The version shared; null for a label link.' }),
      label: z.string().nullable().meta({ description: 'The label the link follows; null for a version link.' }),
      createdBy: z.string().meta({ description: "The maker's user id." }),
      createdByName: z.string().meta({ description: "The maker's name when they made it." }),
      createdAt: iso,
      expiresAt: iso.nullable(),
      revokedAt: iso.nullable(),
    })
    .meta({ id: 'ShareLinkInfo' }),
);
const INFO_EXAMPLE: ShareLinkInfo = {
  id: 4,
  prompt: 'support-reply',
  version: null,
  label: 'production',
  createdBy: 'local_3f2a9c1b',
  createdByName: 'Ada',
  createdAt: '2026-05-04T09:12:00.000Z',
  expiresAt: '2026-05-11T09:12:00.000Z',
  revokedAt: null,
};
const CreatedShareLinkSchema = exact<CreatedShareLink>()(
  z.object({
    url: z.string().meta({ description: 'The page to send (`/s/<token>`). Shown once: only its hash is kept.' }),
    info: ShareLinkInfoSchema,
  }),
);
const SharedPromptSchema = exact<SharedPrompt>()(
  z
    .object({
      prompt: z.string(),
      version: PromptVersionSchema,
      label: z.string().nullable(),
      sharedBy: z.string().meta({ description: "The maker's name." }),
      expiresAt: iso.nullable(),
    })
    .meta({ id: 'SharedPrompt' }),
);

const name = z
  .string()
  .regex(PROMPT_NAME)
  .meta({ description: `The prompt's name: ${PROMPT_NAME_RULE}.`, example: 'support-reply' });
const idParams = z.object({
  id: z.string().regex(/^\d+$/).meta({ description: 'The id the list gives.', example: '4' }),
});

const spaceOperations: Operation[] = [
  {
    method: 'post',
    path: '/api/prompts/{name}/share',
    tag: 'Share links',
    summary: 'Share a version, or a label that the link follows',
    description: `Exactly one of \`version\` and \`label\`; \`expiresInDays\` (1 to ${SHARE_EXPIRY_DAYS_MAX}) or never. A label link always shows the version the label points at when opened. In an organization the role needs 'share.create' (editor or more).`,
    access: 'sessionOrToken',
    params: z.object({ name }),
    body: ShareSchema,
    bodyExample: { label: 'production', expiresInDays: 7 },
    ok: {
      status: 201,
      description: 'The link (shown once) and its details.',
      schema: CreatedShareLinkSchema,
      example: { url: 'https://prompts.example.com/s/Vh3...', info: INFO_EXAMPLE },
    },
    errors: {
      400: 'Neither or both of version and label, or a bad expiry.',
      403: 'Your role in the organization may not share.',
      404: 'No such prompt, version or label in the space.',
    },
  },
  {
    method: 'get',
    path: '/api/share-links',
    tag: 'Share links',
    summary: "The space's share links, newest first",
    access: 'sessionOrToken',
    query: z.object({ prompt: name.optional().meta({ description: "Only this prompt's links." }) }),
    ok: {
      status: 200,
      description: 'Each link (never its token), revoked ones included.',
      schema: z.object({ items: z.array(ShareLinkInfoSchema) }),
    },
  },
  {
    method: 'delete',
    path: '/api/share-links/{id}',
    tag: 'Share links',
    summary: 'Revoke a share link',
    description: "Its maker may; in an organization, others need 'share.revoke-any' (admin or owner).",
    access: 'sessionOrToken',
    params: idParams,
    ok: { status: 204, description: 'Revoked (it answers 410 from now on).' },
    errors: { 403: "Someone else's link, and your role may not revoke it.", 404: 'No link with that id in the space.' },
  },
];

export const shareOperations: Operation[] = [
  ...inBothSpaces(spaceOperations),
  {
    method: 'get',
    path: '/api/shared/{token}',
    tag: 'Share links',
    summary: 'Open a share link (no sign-in)',
    description:
      'The one version the link shows: its text, variables and config, nothing else of the space. `X-Robots-Tag: noindex, nofollow`, `Cache-Control: no-store`.',
    access: 'public',
    params: z.object({ token: z.string().meta({ description: 'The token of the `/s/<token>` address.' }) }),
    ok: { status: 200, description: 'The shared version.', schema: SharedPromptSchema },
    errors: { 404: 'No such share link.', 410: 'The link was revoked or has expired.' },
  },
];
