/** [teams] An organization with members in chosen roles, made through the API as people make one. */
import type { OrgRole } from '@prompt-perfect/core/api/orgs';
import { request } from './helpers';

export interface Team {
  org: { id: string; slug: string; name: string };
  /** Each member's session cookie and user id, by name. */
  members: Record<string, { cookie: string; userId: string }>;
}

/** `owner` makes the organization `name`; each of `others` joins it through an invitation link with its role. */
export async function makeTeam(
  url: string,
  name: string,
  owner: string,
  others: Record<string, { cookie: string; role: OrgRole }>,
): Promise<Team> {
  const org = (await request(`${url}/api/orgs`, { body: { name }, cookie: owner })).body;
  for (const { cookie, role } of Object.values(others)) {
    const invite = await request(`${url}/api/orgs/${org.slug}/invites`, { body: { role }, cookie: owner });
    const joined = await request(`${url}/api/invites/${invite.body.token}/accept`, { method: 'POST', cookie });
    if (joined.status !== 200) throw new Error(`joining failed: ${joined.status} ${joined.text}`);
  }
  const members: Team['members'] = {};
  for (const [who, { cookie }] of Object.entries(others))
    members[who] = { cookie, userId: (await request(`${url}/api/auth/session`, { cookie })).body.user.id };
  return { org, members };
}

/** An organization token made by `cookie`'s person. */
export async function orgToken(url: string, slug: string, cookie: string, scopes = ['read', 'run']): Promise<string> {
  const res = await request(`${url}/api/orgs/${slug}/tokens`, { body: { name: 'app', scopes }, cookie });
  if (res.status !== 201) throw new Error(`token failed: ${res.status} ${res.text}`);
  return res.body.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
