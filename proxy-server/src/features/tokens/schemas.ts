/** zod schema of the token request body (validate.ts turns issues into one sentence). */
import { z } from 'zod';
import { TEST_SET_NAME_MAX } from '@prompt-perfect/core/api/prove';
import { TOKEN_SCOPES } from '@prompt-perfect/core/api/tokens';
import { text } from '../../http/validate';

export const TokenSchema = z.strictObject({
  name: text().pipe(z.string().max(TEST_SET_NAME_MAX)),
  /** Both when left out. */
  scopes: z
    .array(z.enum(TOKEN_SCOPES, { message: "must list 'read' and/or 'run'." }))
    .min(1)
    .refine((s) => new Set(s).size === s.length, { message: 'must not repeat a scope.' })
    .optional(),
});
