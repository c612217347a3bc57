/**
 * [teams] #43 items 5 and 6: the audit log and share-link stores on SQLite and on a real PostgreSQL,
 * with what another space's ids reach (nothing) and what deleting an account leaves (none of its own).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { hashToken } from '../src/features/tokens/tokenRows';
import { openStorage, type Storage } from '../src/storage';
import { bothBackends } from './bothBackends';
import { CLEAN_ENV, tempDir } from './helpers';

const ada = { id: 'ada', name: 'Ada', email: 'ada@example.com' };
const grace = { id: 'grace', name: 'Grace', email: 'grace@example.com' };
const ORG = 'org:acme';

const { backends } = bothBackends(() => ({ DATA_DIR: tempDir() }));

describe.each(backends)('audit log and share links on %s', (_name, location) => {
  let storage: Storage | undefined;
  const open = async () => {
    storage = await openStorage(loadConfig({ ...CLEAN_ENV, ...(await location()) }));
    return storage;
  };
  afterEach(async () => {
    await storage?.close();
    storage = undefined;
  });

  it('records who, when and what; lists newest first per space, filtered by prompt and actor, paged by id', async () => {
    const s = await open();
    const record = (actor: typeof ada, prompt: string | null, summary: string, at: number, ownerId = ORG) =>
      s.audit.record({ ownerId, actor, action: 'label.move', prompt, summary, details: { label: 'production' } }, at);
    await record(ada, 'support-reply', 'production: v1 -> v2', 1_000);
    await record(grace, 'support-reply', 'production: v2 -> v3', 2_000);
    await record(ada, 'welcome', 'staging: v1 -> v2', 3_000);
    await record(ada, 'welcome', 'elsewhere', 4_000, 'grace');

    const all = await s.audit.list(ORG, { limit: 10 });
    expect(all.map((e) => e.summary)).toEqual(['staging: v1 -> v2', 'production: v2 -> v3', 'production: v1 -> v2']);
    expect(all[2]).toMatchObject({
      at: new Date(1_000).toISOString(),
      actor: { id: 'ada', name: 'Ada' },
      action: 'label.move',
      prompt: 'support-reply',
      details: { label: 'production' },
    });
    expect((await s.audit.list(ORG, { prompt: 'support-reply', limit: 10 })).map((e) => e.at)).toEqual([
      new Date(2_000).toISOString(),
      new Date(1_000).toISOString(),
    ]);
    expect((await s.audit.list(ORG, { actorId: 'grace', limit: 10 })).map((e) => e.summary)).toEqual([
      'production: v2 -> v3',
    ]);
    const first = await s.audit.list(ORG, { limit: 2 });
    const rest = await s.audit.list(ORG, { limit: 2, before: first[1].id });
    expect([...first, ...rest].map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect(await s.audit.list('nobody', { limit: 10 })).toEqual([]);
  });

  it('a link opens its version, or what its label points at now; another space reaches none of it', async () => {
    const s = await open();
    await s.prompts.saveVersion(ada, 'support-reply', { text: 'Reply to {{customer}}.', model: 'gpt-4o' }, 1_000);
    await s.prompts.saveVersion(ada, 'support-reply', { text: 'Reply kindly to {{customer}}.' }, 2_000);
    await s.prompts.moveLabel(ada, 'support-reply', 'production', { version: 1 }, 3_000);
    const base = { ownerId: 'ada', prompt: 'support-reply', maker: { id: 'ada', name: 'Ada' }, expiresAt: null };

    const byVersion = await s.shareLinks.create({ ...base, target: { version: 2 }, tokenHash: hashToken('v') }, 4_000);
    const byLabel = await s.shareLinks.create(
      { ...base, target: { label: 'production' }, tokenHash: hashToken('l') },
      4_000,
    );
    expect(byVersion).toMatchObject({
      prompt: 'support-reply',
      version: 2,
      label: null,
      createdBy: 'ada',
      createdByName: 'Ada',
    });
    expect(await s.shareLinks.open(hashToken('v'), 5_000)).toMatchObject({
      prompt: 'support-reply',
      version: { version: 2, text: 'Reply kindly to {{customer}}.', variables: ['customer'] },
      label: null,
      sharedBy: 'Ada',
    });
    expect(await s.shareLinks.open(hashToken('l'), 5_000)).toMatchObject({ version: { version: 1, model: 'gpt-4o' } });
    await s.prompts.moveLabel(ada, 'support-reply', 'production', { version: 2 }, 6_000);
    expect(await s.shareLinks.open(hashToken('l'), 7_000)).toMatchObject({ version: { version: 2 } });

    expect(await s.shareLinks.create({ ...base, target: { version: 9 }, tokenHash: 'x' }, 1)).toBe('no-version');
    expect(await s.shareLinks.create({ ...base, target: { label: 'nope' }, tokenHash: 'x' }, 1)).toBe('no-label');
    expect(await s.shareLinks.create({ ...base, ownerId: 'grace', target: { version: 1 }, tokenHash: 'x' }, 1)).toBe(
      'no-prompt',
    );

    const id = (byLabel as { id: number }).id;
    expect(await s.shareLinks.list('grace')).toEqual([]);
    expect(await s.shareLinks.get('grace', id)).toBeUndefined();
    expect(await s.shareLinks.revoke('grace', id, 8_000)).toBe(false);
    expect(await s.shareLinks.open(hashToken('l'), 8_000)).toMatchObject({ prompt: 'support-reply' });
    expect(await s.shareLinks.revoke('ada', id, 8_000)).toBe(true);
    expect(await s.shareLinks.open(hashToken('l'), 9_000)).toBe('revoked');
    expect((await s.shareLinks.list('ada')).map((l) => [l.id, l.revokedAt])).toEqual([
      [id, new Date(8_000).toISOString()],
      [(byVersion as { id: number }).id, null],
    ]);
    expect(await s.shareLinks.open(hashToken('never made'), 9_000)).toBe('unknown');
  });

  it('a link past its expiry opens nothing; deleting the account removes its links and its audit log', async () => {
    const s = await open();
    await s.prompts.saveVersion(ada, 'welcome', { text: 'Hello.' }, 1_000);
    await s.prompts.saveVersion(grace, 'welcome', { text: 'Hi.' }, 1_000);
    const link = (user: typeof ada, token: string) =>
      s.shareLinks.create(
        {
          ownerId: user.id,
          prompt: 'welcome',
          target: { version: 1 },
          maker: user,
          tokenHash: hashToken(token),
          expiresAt: 10_000,
        },
        2_000,
      );
    await link(ada, 'ada-link');
    await link(grace, 'grace-link');
    expect(await s.shareLinks.open(hashToken('ada-link'), 9_999)).toMatchObject({
      expiresAt: new Date(10_000).toISOString(),
    });
    expect(await s.shareLinks.open(hashToken('ada-link'), 10_000)).toBe('expired');
    for (const user of [ada, grace])
      await s.audit.record({ ownerId: user.id, actor: user, action: 'share.create', summary: 'shared' }, 3_000);

    await s.userData.deleteAll('ada', 4_000);
    expect(await s.shareLinks.open(hashToken('ada-link'), 5_000)).toBe('unknown');
    expect(await s.shareLinks.list('ada')).toEqual([]);
    expect(await s.audit.list('ada', { limit: 10 })).toEqual([]);
    expect(await s.shareLinks.list('grace')).toHaveLength(1);
    expect(await s.audit.list('grace', { limit: 10 })).toHaveLength(1);
  });
});
