/**
 * [teams] The space the signed-in person works in: their own (null) or an organization. The shell
 * owns the switcher and writes this store; the API client and every remote read it through the one
 * shared instance, so the workspace, Prove, History and the Prompts panel follow the switch.
 */
import { createStore } from 'zustand';
import type { OrgSummary } from '@prompt-perfect/core/api/orgs';

export interface SpaceState {
  /** The chosen organization, or null for the personal space. */
  activeOrg: OrgSummary | null;
  /** The person's organizations, as the shell last loaded them. */
  orgs: OrgSummary[];
  /** An organization just created or joined (not in the last load): the shell says so once, then clears it. */
  arrived?: OrgSummary;
}

export const spaceStore = createStore<SpaceState>()(() => ({ activeOrg: null, orgs: [] }));
