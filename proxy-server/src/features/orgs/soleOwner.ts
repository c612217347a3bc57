/** [teams] Why an account that is the only owner of organizations cannot be deleted yet. */
import { Conflict } from '../../http/httpError';
import type { Org } from './orgStore';

const names = (orgs: Org[]) => {
  const quoted = orgs.map((o) => `'${o.name}'`);
  return quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
};

/** A 409 naming the organizations, or undefined when there are none. */
export function soleOwnerRefusal(orgs: Org[]): Conflict | undefined {
  if (orgs.length === 0) return undefined;
  return new Conflict(
    `You are the only owner of ${names(orgs)}. Make another member an owner, or delete the organization, then delete your data.`,
    { code: 'last_owner' },
  );
}
