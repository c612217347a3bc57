/** [teams] An account-data operation in both spaces: as is (one's own) and under /api/orgs/{org} (an organization's). */
import { z } from 'zod';
import type { Operation } from './operation';

const orgParam = z.object({
  org: z.string().meta({ description: "The organization's slug or id.", example: 'acme' }),
});
const NOT_MEMBER = 'Not a member, or no such organization (the same answer).';

export function inBothSpaces(ops: Operation[]): Operation[] {
  return ops.flatMap((op) => [
    op,
    {
      ...op,
      path: op.path.replace(/^\/api/, '/api/orgs/{org}'),
      summary: `${op.summary} (an organization's)`,
      params: op.params ? orgParam.extend(op.params.shape) : orgParam,
      errors: { ...op.errors, 404: op.errors?.[404] ? `${op.errors[404]} Or: ${NOT_MEMBER}` : NOT_MEMBER },
    },
  ]);
}
