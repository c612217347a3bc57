import { useEffect } from 'react';
import { OrganizationSwitcher, useOrganization } from '@clerk/clerk-react';
import { ORG_ROLES, type OrgRole } from '@prompt-perfect/core/api/orgs';
import { spaceStore } from '@prompt-perfect/shared/orgs/spaceStore';

/** Clerk's role keys are `org:admin`, `org:member`…; a role we do not know reads as viewer (least power). */
export function roleOfClerk(clerkRole: string | undefined): OrgRole {
  const bare = clerkRole?.replace(/^org:/, '');
  if (bare === 'member') return 'editor';
  return ORG_ROLES.find((role) => role === bare) ?? 'viewer';
}

/** Clerk mode: Clerk's own switcher chooses the organization; the space store mirrors it. */
export function ClerkSpaceSwitcher() {
  const { isLoaded, organization, membership } = useOrganization();
  useEffect(() => {
    if (!isLoaded) return;
    const activeOrg = organization
      ? {
          id: organization.id,
          slug: organization.slug ?? organization.id,
          name: organization.name,
          role: roleOfClerk(membership?.role),
        }
      : null;
    spaceStore.setState({ activeOrg, orgs: activeOrg ? [activeOrg] : [] });
  }, [isLoaded, organization, membership]);
  return <OrganizationSwitcher hidePersonal={false} afterCreateOrganizationUrl="/" afterSelectOrganizationUrl="/" />;
}
