/** [teams] Organizations for route tests, made through the real API: create, invite, accept. */
import type { OrgRole, OrgSummary } from '@prompt-perfect/core/api/orgs';
import { request, signInLocal } from './helpers';

export interface Member {
  name: string;
  cookie: string;
}

export const person = async (url: string, name: string): Promise<Member> => ({
  name,
  cookie: await signInLocal(url, name, `${name.toLowerCase()}@example.com`),
});

export async function createOrg(url: string, owner: Member, name: string): Promise<OrgSummary> {
  const res = await request(`${url}/api/orgs`, { body: { name }, cookie: owner.cookie });
  if (res.status !== 201) throw new Error(`creating ${name} failed: ${res.status} ${res.text}`);
  return res.body;
}

/** `admin` invites `member` with `role`; `member` accepts. */
export async function join(url: string, org: OrgSummary, admin: Member, member: Member, role: OrgRole) {
  const invite = await request(`${url}/api/orgs/${org.slug}/invites`, { body: { role }, cookie: admin.cookie });
  if (invite.status !== 201) throw new Error(`inviting failed: ${invite.status} ${invite.text}`);
  const accepted = await request(`${url}/api/invites/${invite.body.token}/accept`, {
    method: 'POST',
    cookie: member.cookie,
  });
  if (accepted.status !== 200 && accepted.status !== 201)
    throw new Error(`accepting failed: ${accepted.status} ${accepted.text}`);
}
