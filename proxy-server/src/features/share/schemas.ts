/** The body of POST /prompts/:name/share: a version or a label (exactly one), and an optional expiry. */
import { z } from 'zod';
import { LABEL_NAME } from '@prompt-perfect/core/api/registry';

export const SHARE_EXPIRY_DAYS_MAX = 365;

export const ShareSchema = z
  .strictObject({
    version: z.number().int().min(1).optional(),
    label: z
      .string()
      .regex(LABEL_NAME, { message: 'uses lowercase letters, digits, - and _ (at most 40 characters).' })
      .optional(),
    expiresInDays: z.number().int().min(1).max(SHARE_EXPIRY_DAYS_MAX).optional(),
  })
  .refine((b) => (b.version === undefined) !== (b.label === undefined), {
    message: 'Share a version or a label: give exactly one of "version" and "label".',
  });
