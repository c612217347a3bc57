/** zod schemas of the organization request bodies (validate.ts turns issues into one sentence). */
import { z } from 'zod';
import { ORG_NAME_MAX, ORG_ROLES } from '@prompt-perfect/core/api/orgs';
import { text } from '../../http/validate';

const role = () => z.enum(ORG_ROLES, { message: "must be 'owner', 'admin', 'editor' or 'viewer'." });

export const CreateOrgSchema = z.strictObject({
  name: text()
    .transform((s) => s.trim())
    .pipe(z.string().max(ORG_NAME_MAX)),
});

export const InviteSchema = z.strictObject({
  role: role(),
  /** Only this address may accept; left out (or null), anyone with the link may. */
  email: z
    .string()
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .max(254)
        .pipe(z.email({ message: 'must be a valid e-mail address.' })),
    )
    .nullable()
    .optional(),
});

export const RoleSchema = z.strictObject({ role: role() });
