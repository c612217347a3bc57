/**
 * [teams] The space the shell's switcher chose, as the workspace reads it: which organization (if
 * any), a key that changes with it (panels remount on it, so requests of the previous space are
 * cancelled and none of its data is shown), and what the person's role there allows.
 */
import { useStore } from 'zustand';
import { type OrgSummary, roleAllows, type SpaceAction } from '@prompt-perfect/core/api/orgs';
import { apiRequest } from '@prompt-perfect/shared/api/client';
// By package path: the one shared space store of the page, not a bundled copy.
import { spaceStore } from '@prompt-perfect/shared/orgs/spaceStore';

const slugNow = () => spaceStore.getState().activeOrg?.slug ?? null;

export const useActiveOrg = () => useStore(spaceStore, (s) => s.activeOrg);

/** Changes whenever the space does: a React key for what shows one space's data. */
export const useSpaceKey = () => useStore(spaceStore, (s) => s.activeOrg?.slug ?? 'personal');

/** True while the space is still the one chosen when this was called: late answers check it. */
export function stillInSpace(): () => boolean {
  const at = slugNow();
  return () => slugNow() === at;
}

/** Whether the person may do `action` here, and if not, the reason to show beside the control. */
export function useSpaceAllows(action: SpaceAction): { allowed: boolean; reason: string | null } {
  const org = useActiveOrg();
  if (!org || roleAllows(org.role, action)) return { allowed: true, reason: null };
  return { allowed: false, reason: `Your role in ${org.name} (${org.role}) does not allow this.` };
}

/** Runs `onChange` when the person switches space; returns the unsubscribe. */
export const onSpaceChange = (onChange: () => void) =>
  spaceStore.subscribe((state, previous) => {
    if (state.activeOrg?.slug !== previous.activeOrg?.slug) onChange();
  });

/**
 * After a 403 in an organization the person's role may have changed since the switcher loaded it
 * (an admin made them viewer): read it again, so the panels disable what it no longer allows.
 */
export async function refreshRoleAfter(error: unknown): Promise<void> {
  const org = spaceStore.getState().activeOrg;
  if (!org || (error as { status?: number } | null)?.status !== 403) return;
  try {
    const { items } = await apiRequest<{ items: OrgSummary[] }>('/api/orgs');
    const now = items.find((o) => o.id === org.id);
    if (now && now.role !== spaceStore.getState().activeOrg?.role && spaceStore.getState().activeOrg?.id === org.id)
      spaceStore.setState({ activeOrg: now, orgs: items });
  } catch {
    // The message of the 403 is already shown; the role shown stays as it was.
  }
}
