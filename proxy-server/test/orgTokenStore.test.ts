/**
 * [teams] The token store with organization tokens on SQLite and PostgreSQL: the organization and
 * its maker's current role come with each use, personal lists and revocations never touch them, and
 * a token whose maker is no longer a member does not authenticate (saying why) even before any
 * revocation was written.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openStorage, type Storage } from '../src/storage';
import { bothBackends } from './bothBackends';
import { CLEAN_ENV, tempDir } from './helpers';

const ada = { id: 'ada', name: 'Ada', email: 'ada@example.com' };
const grace = { id: 'grace', name: 'Grace', email: 'grace@example.com' };

const { backends } = bothBackends(() => ({ DATA_DIR: tempDir() }));

describe.each(backends)('organization tokens in the store on %s', (_name, location) => {
  let storage: Storage | undefined;
  afterEach(async () => {
    await storage?.close();
    storage = undefined;
  });

  it("carries the organization and its maker's role; personal lists and revocations leave it alone", async () => {
    storage = await openStorage(loadConfig({ ...CLEAN_ENV, ...(await location()) }));
    const { apiTokens, orgs } = storage;
    const org = await orgs.create(ada, 'Acme', 1_000);
    const info = await apiTokens.create(ada, 'app', ['read', 'run'], 'pp_acme-app', 2_000, org.id);
    expect(info).toMatchObject({ name: 'app', maker: { id: 'ada', name: 'Ada' }, revokedAt: null });
    await apiTokens.create(ada, 'mine', ['read'], 'pp_ada-own', 2_500);

    expect(await apiTokens.authenticate('pp_acme-app', 3_000)).toEqual({
      user: ada,
      scopes: ['read', 'run'],
      org: { id: org.id, slug: 'acme', name: 'Acme', role: 'owner' },
    });
    expect(await apiTokens.authenticate('pp_ada-own', 3_000)).toEqual({ user: ada, scopes: ['read'] });
    expect((await apiTokens.list('ada')).map((t) => t.name)).toEqual(['mine']);
    expect(await apiTokens.remove('ada', info.id)).toBe(false);
    expect(await apiTokens.listOrg(org.id)).toEqual([{ ...info, lastUsedAt: new Date(3_000).toISOString() }]);
    expect(await apiTokens.countOrg(org.id)).toBe(1);

    const other = await orgs.create(grace, 'Globex', 4_000);
    expect(await apiTokens.removeOrg(other.id, info.id)).toBeUndefined();
    expect(await apiTokens.removeOrg(org.id, info.id)).toEqual({ makerId: 'ada', name: 'app' });
    expect(await apiTokens.authenticate('pp_acme-app', 5_000)).toBeUndefined();
    expect(await apiTokens.refusalOf('pp_acme-app')).toBeUndefined();
  });

  it('a token of an organization its maker does not belong to never authenticates, and says why', async () => {
    storage = await openStorage(loadConfig({ ...CLEAN_ENV, ...(await location()) }));
    const org = await storage.orgs.create(ada, 'Acme', 1_000);
    await storage.apiTokens.create(grace, 'stray', ['read'], 'pp_stray', 2_000, org.id);
    expect(await storage.apiTokens.authenticate('pp_stray', 3_000)).toBeUndefined();
    expect(await storage.apiTokens.refusalOf('pp_stray')).toBe('Its maker left the organization.');
    expect(await storage.apiTokens.refusalOf('pp_unknown')).toBeUndefined();
    expect((await storage.apiTokens.listOrg(org.id))[0].lastUsedAt).toBeNull();
  });
});
