/**
 * [teams] Keeps the space a person chose across reloads: the organization's slug, per user, in
 * localStorage. What is stored is only a preference: it is honoured when the person still belongs
 * to that organization, and anything else (corrupt, an organization they left) means the
 * personal space, silently.
 */
import type { OrgSummary } from '@prompt-perfect/core/api/orgs';
import { safeGetItem, safeRemoveItem, safeSetItem } from '../stores/storage';
import { spaceStore } from './spaceStore';

const SLUG_MAX = 100;

/** Whose organizations the store holds since their first load (null: none loaded yet). */
let loadedFor: string | null = null;

export const spaceKey = (userId: string) => `promptPerfect.space.${encodeURIComponent(userId)}`;

function storedSlug(userId: string): string | null {
  const raw = safeGetItem(spaceKey(userId));
  return raw && raw.length <= SLUG_MAX ? raw : null;
}

/** The person's organizations as just loaded: the stored choice applies if it is still one of them. */
export function applyOrgs(userId: string, orgs: OrgSummary[]): void {
  const slug = storedSlug(userId);
  const activeOrg = orgs.find((org) => org.slug === slug) ?? null;
  if (slug !== null && activeOrg === null) safeRemoveItem(spaceKey(userId));
  // After the first load, an organization the list did not hold is one the person just joined.
  const before = spaceStore.getState().orgs;
  const arrived = loadedFor === userId ? orgs.find((org) => !before.some((b) => b.id === org.id)) : undefined;
  loadedFor = userId;
  spaceStore.setState(arrived ? { orgs, activeOrg, arrived } : { orgs, activeOrg });
}

/** The person picks a space (null: their own), remembered for their next visit. */
export function chooseSpace(userId: string, org: OrgSummary | null): void {
  if (org) safeSetItem(spaceKey(userId), org.slug);
  else safeRemoveItem(spaceKey(userId));
  const { orgs } = spaceStore.getState();
  const known = org === null || orgs.some((o) => o.id === org.id);
  spaceStore.setState(known ? { activeOrg: org } : { activeOrg: org, orgs: [...orgs, org], arrived: org });
}

/** Signed out: no organization is shown (the stored choice stays for the next sign-in). */
export function clearSpace(): void {
  loadedFor = null;
  spaceStore.setState({ activeOrg: null, orgs: [], arrived: undefined });
}
