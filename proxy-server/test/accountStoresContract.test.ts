/**
 * The contract of the stores of sessions, API tokens, test sets, spend, webhooks and remote releases,
 * beside storageContract.test.ts: the same tests on SQLite and on a real PostgreSQL started for this
 * file, with what deletion leaves, what another account's ids reach (nothing), and writes made at
 * once from two instances (two storages opened on one database, as two processes would).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openStorage, type Storage } from '../src/storage';
import { CLEAN_ENV, tempDir } from './helpers';
import { bothBackends } from './bothBackends';

const ada = { id: 'ada', name: 'Ada', email: 'ada@example.com' };
const grace = { id: 'grace', name: 'Grace', email: 'grace@example.com' };
const DAY = '2026-11-26';
const set = (name: string) => ({ name, prompt: 'Answer.', rubric: 'Short.', cases: [{ id: 'c1', input: 'a' }] });

const { backends } = bothBackends(() => ({ DATA_DIR: tempDir() }));

describe.each(backends)('account stores on %s', (_name, location) => {
  const opened: Storage[] = [];
  /** Two instances on one new database. */
  async function twoInstances(): Promise<[Storage, Storage]> {
    const config = loadConfig({ ...CLEAN_ENV, ...(await location()) });
    const open = async () => {
      const storage = await openStorage(config);
      opened.push(storage);
      return storage;
    };
    const first = await open();
    return [first, await open()];
  }
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
  });

  describe('sessions', () => {
    it("ends only the user's sessions; an id of another user's session is only ever that user's", async () => {
      const [one, two] = await twoInstances();
      const adaSessions = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).sessions.create(ada)),
      );
      const graceSession = await two.sessions.create(grace);
      expect(new Set(adaSessions).size).toBe(10);
      expect(await one.sessions.get(graceSession)).toMatchObject({ id: 'grace' });
      await one.sessions.deleteAllOf('ada');
      for (const id of adaSessions) expect(await two.sessions.get(id)).toBeNull();
      expect(await two.sessions.get(graceSession)).toMatchObject({ id: 'grace', email: 'grace@example.com' });
    });
  });

  describe('API tokens', () => {
    it('another account cannot list or revoke a token; uses from two instances at once all authenticate', async () => {
      const [one, two] = await twoInstances();
      const made = await one.apiTokens.create(ada, 'CI', ['read'], 'pp_ada-token', 1_000);
      expect(await two.apiTokens.list('grace')).toEqual([]);
      expect(await two.apiTokens.remove('grace', made.id)).toBe(false);
      const uses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).apiTokens.authenticate('pp_ada-token', 2_000 + i)),
      );
      expect(uses.every((owner) => owner?.user.id === 'ada')).toBe(true);
      expect((await one.apiTokens.list('ada'))[0].lastUsedAt).not.toBeNull();
    });
  });

  describe('test sets', () => {
    it('ids stay distinct when two instances save at once; deleting the account leaves the other account whole', async () => {
      const [one, two] = await twoInstances();
      const made = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).testSets.create('ada', set(`s${i}`), 1_000 + i)),
      );
      expect(new Set(made.map((s) => s.id)).size).toBe(10);
      const graces = await two.testSets.create('grace', set('Grace'), 2_000);
      expect(await one.testSets.get('ada', graces.id)).toBeUndefined();
      expect(await one.testSets.changeSplit('ada', graces.id, () => ({}))).toBe(false);
      await one.userData.deleteAll('ada', 3_000);
      expect(await two.testSets.list('ada')).toEqual([]);
      expect((await two.testSets.get('grace', graces.id))?.name).toBe('Grace');
    });
  });

  describe('spend', () => {
    it('adds per user and day; a refund gives back; nothing of one user or day shows in another', async () => {
      const [one, two] = await twoInstances();
      expect(await one.spend.spent('ada', DAY)).toBe(0);
      await one.spend.add('ada', DAY, 0.25);
      await two.spend.add('ada', DAY, 0.5);
      await one.spend.add('ada', DAY, -0.125);
      expect(await two.spend.spent('ada', DAY)).toBeCloseTo(0.625);
      expect(await two.spend.spent('grace', DAY)).toBe(0);
      expect(await two.spend.spent('ada', '2026-11-27')).toBe(0);
    });

    it('40 reservations at once from two instances: only those made while under the limit pass', async () => {
      const [one, two] = await twoInstances();
      // Under $1 after each of four $0.3 reservations: the first four pass (0, 0.3, 0.6, 0.9), the rest see $1.2.
      const granted = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).spend.reserve('ada', DAY, 0.3, 1)),
      );
      expect(granted.filter(Boolean)).toHaveLength(4);
      expect(await one.spend.spent('ada', DAY)).toBeCloseTo(1.2);
      expect(await one.spend.reserve('grace', DAY, 0.3, 1)).toBe(true);
    });
  });

  describe('webhooks', () => {
    it('saves from two instances at once leave one webhook; deleting the account removes it and its deliveries', async () => {
      const [one, two] = await twoInstances();
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? one : two).webhooks.set('ada', `http://hooks.example/${i}`, `whsec_${i}`, 1_000 + i),
        ),
      );
      const saved = await one.webhooks.get('ada');
      expect(saved?.url).toMatch(/^http:\/\/hooks\.example\/\d$/);
      expect(saved?.secret).toBe(`whsec_${saved?.url.slice(-1)}`);
      await two.webhooks.set('grace', 'http://grace.example/', 'whsec_g', 1_000);
      await two.webhooks.enqueue('ada', saved!.url, '{"n":1}', 2_000);
      await two.webhooks.enqueue('grace', 'http://grace.example/', '{"n":2}', 2_000);
      await one.userData.deleteAll('ada', 3_000);
      expect(await two.webhooks.get('ada')).toBeUndefined();
      expect(await two.webhooks.deliveries('ada', 10)).toEqual([]);
      expect((await two.webhooks.deliveries('grace', 10)).map((d) => d.payload)).toEqual(['{"n":2}']);
    });
  });

  describe('remote releases', () => {
    const release = (version: string, at: number) => ({
      remote: 'trial' as const,
      url: `https://cdn.example/trial/${version}/remoteEntry.js`,
      version,
      releasedBy: 'ops',
      releasedAt: at,
    });

    it('live is the two newest releases not rolled back; a rollback is seen by every instance', async () => {
      const [one, two] = await twoInstances();
      for (const [i, v] of ['1.0.0', '1.1.0', '1.2.0'].entries()) await one.remoteReleases.add(release(v, 1_000 + i));
      await one.remoteReleases.add({ ...release('9.0.0', 5_000), remote: 'progress' });
      expect((await two.remoteReleases.live()).map((r) => `${r.remote} ${r.version}`)).toEqual([
        'progress 9.0.0',
        'trial 1.2.0',
        'trial 1.1.0',
      ]);
      expect((await two.remoteReleases.rollBack('trial', 6_000))?.version).toBe('1.2.0');
      expect((await one.remoteReleases.live()).filter((r) => r.remote === 'trial').map((r) => r.version)).toEqual([
        '1.1.0',
        '1.0.0',
      ]);
      expect((await one.remoteReleases.history('trial', 2)).map((r) => [r.version, r.rolledBackAt])).toEqual([
        ['1.2.0', 6_000],
        ['1.1.0', null],
      ]);
      expect(await one.remoteReleases.rollBack('workspace', 7_000)).toBeUndefined();
    });

    it('failures counted at once from two instances are all kept; a canary keeps its count only for the same build', async () => {
      const [one, two] = await twoInstances();
      const current = await one.remoteReleases.add(release('2.0.0', 1_000));
      const canary = { ...release('2.1.0', 2_000), percent: 10, startedAt: 2_000 };
      await one.remoteReleases.setCanary(canary);
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const instance = i % 2 ? one : two;
          return instance.remoteReleases.countFailure('trial', i < 10 ? current.url : canary.url);
        }),
      );
      expect((await two.remoteReleases.live())[0].failures).toBe(10);
      expect((await two.remoteReleases.canaries())[0]).toMatchObject({ version: '2.1.0', failures: 10 });
      await two.remoteReleases.setCanary({ ...canary, percent: 50 });
      expect((await one.remoteReleases.canaries())[0]).toMatchObject({ percent: 50, failures: 10 });
      await two.remoteReleases.setCanary({ ...release('2.2.0', 3_000), percent: 5, startedAt: 3_000 });
      expect((await one.remoteReleases.canaries())[0]).toMatchObject({ version: '2.2.0', failures: 0 });
      expect(await one.remoteReleases.countFailure('trial', 'https://cdn.example/elsewhere.js')).toBe(false);
      expect(await two.remoteReleases.endCanary('trial')).toBe(true);
      expect(await two.remoteReleases.endCanary('trial')).toBe(false);
    });
  });
});
