import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSpace } from '@prompt-perfect/shared/orgs/chosenSpace';
import { spaceStore } from '@prompt-perfect/shared/orgs/spaceStore';

// Clerk's servers are unreachable here: its hooks and switcher are replaced, our mirror is real.
const clerkOrg = vi.hoisted(() => ({
  isLoaded: true,
  organization: null as null | { id: string; slug: string | null; name: string },
  membership: null as null | { role: string },
}));
vi.mock('@clerk/clerk-react', () => ({
  useOrganization: () => clerkOrg,
  OrganizationSwitcher: () => <button type="button">Clerk switcher</button>,
}));

const { ClerkSpaceSwitcher, roleOfClerk } = await import('./ClerkSpaceSwitcher');

afterEach(() => {
  cleanup();
  clearSpace();
  Object.assign(clerkOrg, { isLoaded: true, organization: null, membership: null });
});

describe('Clerk mode’s space', () => {
  it('mirrors Clerk’s active organization and role into the space store', () => {
    Object.assign(clerkOrg, {
      organization: { id: 'org_1', slug: 'acme', name: 'Acme' },
      membership: { role: 'org:admin' },
    });
    render(<ClerkSpaceSwitcher />);
    expect(spaceStore.getState().activeOrg).toEqual({ id: 'org_1', slug: 'acme', name: 'Acme', role: 'admin' });
  });

  it('is the personal space when Clerk has no active organization', () => {
    act(() => spaceStore.setState({ activeOrg: { id: 'x', slug: 'x', name: 'X', role: 'owner' } }));
    render(<ClerkSpaceSwitcher />);
    expect(spaceStore.getState().activeOrg).toBeNull();
  });

  it('maps Clerk’s roles, and an unknown one to the least power', () => {
    expect(roleOfClerk('org:member')).toBe('editor');
    expect(roleOfClerk('org:owner')).toBe('owner');
    expect(roleOfClerk('org:billing')).toBe('viewer');
    expect(roleOfClerk(undefined)).toBe('viewer');
  });
});
