/** /api/me: the account owns favorites, progress, settings and history; nobody else sees them. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAVORITES_MAX } from '@prompt-perfect/core/api/account';
import { generateBody, request, signInLocal, startTestEnv, type TestEnv } from './helpers';

const OPTIONS = { technique: 'zero-shot', language: 'English', tone: 'Normal' };
const favorite = (n: number | string) => ({
  originalPrompt: `task ${n}`,
  optimizedPrompt: `Optimized prompt ${n}.`,
  ...OPTIONS,
});
const perfectRun = (input = 'write a haiku about rain', extra: Record<string, unknown> = {}) => ({
  kind: 'perfect',
  input,
  options: OPTIONS,
  ...extra,
});

describe('/api/me', () => {
  let env: TestEnv;
  let ada: string;
  let grace: string;
  const me = (path: string, cookie: string, init: { method?: string; body?: unknown } = {}) =>
    request(`${env.url}/api/me${path}`, { ...init, cookie });

  beforeAll(async () => {
    env = await startTestEnv();
    ada = await signInLocal(env.url, 'Ada', 'ada@example.com');
    grace = await signInLocal(env.url, 'Grace', 'grace@example.com');
  });
  afterAll(() => env.close());
  beforeEach(() => env.openai.reset());

  it('every endpoint needs a session: 401 JSON', async () => {
    for (const [method, path] of [
      ['GET', '/settings'],
      ['PUT', '/settings'],
      ['GET', '/favorites'],
      ['POST', '/favorites'],
      ['DELETE', '/favorites/1'],
      ['GET', '/progress'],
      ['POST', '/runs'],
      ['GET', '/history'],
      ['POST', '/import'],
      ['GET', '/export'],
      ['DELETE', ''],
    ]) {
      const res = await request(`${env.url}/api/me${path}`, {
        method,
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error).toBe('Please sign in to use this feature.');
    }
  });

  it('settings: defaults, a valid update, and bad input that changes nothing', async () => {
    expect((await me('/settings', ada)).body.settings).toEqual({
      aiEnabled: null,
      defaultTechnique: 'zero-shot',
      defaultProvider: 'openai',
      timeZone: null,
    });
    const next = {
      aiEnabled: false,
      defaultTechnique: 'chain-of-thought',
      defaultProvider: 'anthropic',
      timeZone: 'Europe/Paris',
    };
    expect((await me('/settings', ada, { method: 'PUT', body: next })).body.settings).toEqual(next);
    for (const [bad, message] of [
      [{ ...next, defaultTechnique: 'magic' }, "Field 'defaultTechnique' must be one of the techniques."],
      [{ ...next, timeZone: 'Mars/Olympus' }, "Field 'timeZone' must be an IANA time zone such as Europe/Paris."],
      [{ ...next, xp: 99999 }, "Unknown field: 'xp'."],
    ] as const) {
      const res = await me('/settings', ada, { method: 'PUT', body: bad });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect((await me('/settings', ada)).body.settings).toEqual(next);
    expect((await me('/settings', grace)).body.settings.defaultTechnique).toBe('zero-shot');
  });

  it("favorites: added once per pair, newest first; another user's id answers 404 and removes nothing", async () => {
    const first = await me('/favorites', ada, { method: 'POST', body: favorite(1) });
    expect(first.status).toBe(201);
    expect(first.body.favorite).toMatchObject({ ...favorite(1), score: expect.any(Number) });
    const again = await me('/favorites', ada, { method: 'POST', body: favorite(1) });
    expect(again.status).toBe(200);
    expect(again.body.favorite.id).toBe(first.body.favorite.id);
    await me('/favorites', ada, { method: 'POST', body: favorite(2) });
    expect((await me('/favorites', ada)).body.favorites.map((f: any) => f.originalPrompt)).toEqual([
      'task 2',
      'task 1',
    ]);
    expect((await me('/favorites', grace)).body.favorites).toEqual([]);

    const id = first.body.favorite.id;
    expect((await me(`/favorites/${id}`, grace, { method: 'DELETE' })).status).toBe(404);
    expect((await me('/favorites', ada)).body.favorites).toHaveLength(2);
    expect((await me(`/favorites/${id}`, ada, { method: 'DELETE' })).status).toBe(204);
    expect((await me(`/favorites/${id}`, ada, { method: 'DELETE' })).status).toBe(404);
    expect((await me('/favorites/abc', ada, { method: 'DELETE' })).body.error).toBe('The id must be a whole number.');
    const empty = await me('/favorites', ada, { method: 'POST', body: { ...favorite(3), optimizedPrompt: '  ' } });
    expect(empty).toMatchObject({ status: 400, body: { error: "Field 'optimizedPrompt' must not be empty." } });
  });

  it(`favorites stop at ${FAVORITES_MAX} with a clear message`, async () => {
    const cookie = await signInLocal(env.url, 'Full', 'full@example.com');
    for (let i = 0; i < FAVORITES_MAX; i++)
      expect((await me('/favorites', cookie, { method: 'POST', body: favorite(i) })).status).toBe(201);
    const over = await me('/favorites', cookie, { method: 'POST', body: favorite('one more') });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe(
      `You have ${FAVORITES_MAX} favorites, the most an account keeps. Remove some to add more.`,
    );
  });

  it('a Perfect through /api/generate is stripped, recorded and decides progress on the server', async () => {
    const cookie = await signInLocal(env.url, 'Runner', 'runner@example.com');
    env.openai.respondWith({
      kind: 'text',
      text: "Here's an optimized prompt:\n\nWrite a haiku about rain on a tin roof.",
    });
    const res = await request(`${env.url}/api/generate`, { body: generateBody({ run: perfectRun() }), cookie });
    expect(res.status).toBe(200);
    expect(res.body.text).toBe('Write a haiku about rain on a tin roof.');
    const { run } = res.body;
    expect(run.progress.xpGained).toBeGreaterThanOrEqual(10);
    expect(run.progress.newBadges.map((b: any) => b.id)).toEqual(['first_prompt']);
    expect(run.progress.stats).toMatchObject({ totalPrompts: 1, level: 1, streak: 1, xp: run.progress.xpGained });
    expect((await me('/progress', cookie)).body.stats).toEqual(run.progress.stats);

    const history = (await me('/history', cookie)).body;
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({
      id: run.historyId,
      kind: 'perfect',
      input: 'write a haiku about rain',
      output: 'Write a haiku about rain on a tin roof.',
      provider: 'openai',
      model: 'gpt-4o',
      options: OPTIONS,
      refines: null,
      chainId: run.historyId,
    });

    // Continue Building refines that version: same chain, no progress.
    env.openai.respondWith({ kind: 'text', text: 'Write a haiku about rain on a tin roof at night.' });
    const more = await request(`${env.url}/api/generate`, {
      body: generateBody({
        run: { kind: 'continue', input: 'make it at night', options: OPTIONS, refines: run.historyId },
      }),
      cookie,
    });
    expect(more.body.run.progress).toBeNull();
    const chain = (await me(`/history?chain=${run.historyId}`, cookie)).body.items;
    expect(chain.map((e: any) => [e.kind, e.chainId, e.refines])).toEqual([
      ['continue', run.historyId, run.historyId],
      ['perfect', run.historyId, null],
    ]);
    expect((await me('/progress', cookie)).body.stats.totalPrompts).toBe(1);
  });

  it("refining another user's version answers 404 before any model call", async () => {
    env.openai.respondWith({ kind: 'text', text: 'Ada prompt.' });
    const adaRun = await request(`${env.url}/api/generate`, {
      body: generateBody({ run: perfectRun('ada task') }),
      cookie: ada,
    });
    env.openai.reset();
    const res = await request(`${env.url}/api/generate`, {
      body: generateBody({
        run: { kind: 'continue', input: 'x', options: OPTIONS, refines: adaRun.body.run.historyId },
      }),
      cookie: grace,
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('That version is not in your history (it may have been deleted).');
    expect(env.openai.requests).toHaveLength(0);
  });

  it('Test Prompt calls (no run record) are neither stripped nor recorded', async () => {
    const cookie = await signInLocal(env.url, 'Tester', 'tester@example.com');
    env.openai.respondWith({ kind: 'text', text: "Here's an optimized prompt: kept as the model wrote it." });
    const res = await request(`${env.url}/api/generate`, { body: generateBody(), cookie });
    expect(res.body).toEqual({ text: "Here's an optimized prompt: kept as the model wrote it." });
    expect((await me('/history', cookie)).body.items).toEqual([]);
    expect((await me('/progress', cookie)).body.stats.totalPrompts).toBe(0);
  });

  it('offline runs are recorded through /api/me/runs; the client cannot send xp', async () => {
    const cookie = await signInLocal(env.url, 'Offline', 'offline@example.com');
    const res = await me('/runs', cookie, {
      method: 'POST',
      body: { ...perfectRun(), output: 'You are a poet. Write a haiku about rain.' },
    });
    expect(res.status).toBe(201);
    expect(res.body.progress.stats.totalPrompts).toBe(1);
    const forged = await me('/runs', cookie, { method: 'POST', body: { ...perfectRun(), output: 'x', xp: 100000 } });
    expect(forged).toMatchObject({ status: 400, body: { error: "Unknown field: 'xp'." } });
    const empty = await me('/runs', cookie, { method: 'POST', body: { ...perfectRun(), output: '  ' } });
    expect(empty.status).toBe(400);
    expect((await me('/progress', cookie)).body.stats.totalPrompts).toBe(1);
    expect((await me('/history', cookie)).body.items[0]).toMatchObject({ provider: 'offline', model: 'offline' });
  });

  it('history pages with a cursor, newest first, and searches text', async () => {
    const cookie = await signInLocal(env.url, 'Pager', 'pager@example.com');
    for (let i = 1; i <= 25; i++) {
      await me('/runs', cookie, {
        method: 'POST',
        body: { ...perfectRun(`task number ${i}`), output: `Prompt ${i}${i === 7 ? ' about 50% of cats_' : ''}.` },
      });
    }
    const first = (await me('/history', cookie)).body;
    expect(first.items).toHaveLength(20);
    expect(first.items[0].input).toBe('task number 25');
    const second = (await me(`/history?cursor=${first.nextCursor}`, cookie)).body;
    expect(second.items.map((e: any) => e.input)).toEqual([
      'task number 5',
      'task number 4',
      'task number 3',
      'task number 2',
      'task number 1',
    ]);
    expect(second.nextCursor).toBeNull();
    expect((await me('/history?limit=3', cookie)).body.items).toHaveLength(3);
    expect((await me('/history?q=50%25%20of%20CATS_', cookie)).body.items.map((e: any) => e.input)).toEqual([
      'task number 7',
    ]);
    expect((await me('/history?q=%25', cookie)).body.items).toHaveLength(1);
    for (const bad of ['cursor=abc', 'limit=0', 'limit=101', 'chain=-1']) {
      const res = await me(`/history?${bad}`, cookie);
      expect(res.status, bad).toBe(400);
      expect(res.body.error, bad).toMatch(/^Query parameter '/);
    }
    expect((await me('/history', grace)).body.items.every((e: any) => !e.input.startsWith('task number'))).toBe(true);
  });

  it("imports a browser's old favorites and stats once, deriving level and badges itself", async () => {
    const cookie = await signInLocal(env.url, 'Importer', 'importer@example.com');
    const body = {
      favorites: [
        {
          id: 1_700_000_000_000,
          originalPrompt: 'old task',
          optimizedPrompt: 'Old prompt.',
          technique: 'few-shot',
          language: 'French',
          tone: 'Witty',
          createdAt: '2023-11-14T22:13:20.000Z',
          score: 70,
        },
        { id: 'broken' },
        { id: 1_700_000_000_001, originalPrompt: 'x', optimizedPrompt: 'y', technique: 'nonsense' },
      ],
      stats: {
        xp: 850,
        level: 99,
        streak: 3,
        totalPrompts: 17,
        badges: [{ id: 'level_10' }],
        lastActivity: 1_700_000_000_000,
      },
    };
    const res = await me('/import', cookie, { method: 'POST', body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ favorites: 2, xp: 850, badges: 4 });
    const stats = (await me('/progress', cookie)).body.stats;
    expect(stats).toMatchObject({ xp: 850, level: 5, streak: 3, totalPrompts: 17 });
    // Derived from 17 prompts, level 5 and a 3-day streak; the browser's claimed level_10 is ignored.
    expect(stats.badges.map((b: any) => b.id)).toEqual(['first_prompt', 'prompt_10', 'level_5', 'streak_3']);
    const favorites = (await me('/favorites', cookie)).body.favorites;
    expect(favorites.map((f: any) => [f.originalPrompt, f.technique, f.language, f.tone])).toEqual([
      ['x', 'zero-shot', 'English', 'Normal'],
      ['old task', 'few-shot', 'French', 'Witty'],
    ]);
    const twice = await me('/import', cookie, { method: 'POST', body });
    expect(twice).toMatchObject({
      status: 409,
      body: { error: 'This account has already imported data from a browser.' },
    });
  });

  it('an import claims no more XP than the rules could award for its runs (issue 29)', async () => {
    const cookie = await signInLocal(env.url, 'Inflated', 'inflated@example.com');
    const body = {
      favorites: [],
      stats: { xp: 1_000_000, streak: 0, totalPrompts: 3, lastActivity: 1_700_000_000_000 },
    };
    expect(await me('/import', cookie, { method: 'POST', body })).toMatchObject({ status: 200, body: { xp: 150 } });
    expect((await me('/progress', cookie)).body.stats).toMatchObject({ xp: 150, level: 1, totalPrompts: 3 });
  });

  it('exports everything as one JSON attachment', async () => {
    const cookie = await signInLocal(env.url, 'Exporter', 'exporter@example.com');
    await me('/favorites', cookie, { method: 'POST', body: favorite('export') });
    await me('/runs', cookie, { method: 'POST', body: { ...perfectRun(), output: 'Exported prompt.' } });
    const testSet = {
      name: 'Help desk',
      prompt: 'Answer questions.',
      rubric: 'Short answers.',
      cases: [{ id: 'c1', input: 'Do you ship abroad?' }],
    };
    const saved = await request(`${env.url}/api/test-sets`, { cookie, method: 'POST', body: testSet });
    expect(saved.status).toBe(201);
    const res = await me('/export', cookie);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="prompt-perfect-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.body).toMatchObject({
      user: { name: 'Exporter', email: 'exporter@example.com' },
      settings: { defaultTechnique: 'zero-shot' },
      favorites: [{ originalPrompt: 'task export' }],
      progress: { totalPrompts: 1 },
      history: [{ output: 'Exported prompt.' }],
      testSets: [testSet],
    });
  });

  it("Delete my data removes everything of that user, signs out, and leaves others' data alone", async () => {
    const cookie = await signInLocal(env.url, 'Leaver', 'leaver@example.com');
    await me('/favorites', cookie, { method: 'POST', body: favorite('bye') });
    await me('/runs', cookie, { method: 'POST', body: { ...perfectRun(), output: 'Bye.' } });
    const graceBefore = (await me('/export', grace)).body;
    expect((await me('', cookie, { method: 'DELETE' })).status).toBe(204);
    expect((await request(`${env.url}/api/auth/session`, { cookie })).body.user).toBeNull();
    const again = await signInLocal(env.url, 'Leaver', 'leaver@example.com');
    const after = (await me('/export', again)).body;
    expect(after).toMatchObject({ favorites: [], history: [], progress: { xp: 0, totalPrompts: 0, badges: [] } });
    expect((await me('/export', grace)).body).toMatchObject({
      favorites: graceBefore.favorites,
      history: graceBefore.history,
    });
  });

  it('data survives a server restart', async () => {
    const cookie = await signInLocal(env.url, 'Stayer', 'stayer@example.com');
    await me('/favorites', cookie, { method: 'POST', body: favorite('kept') });
    await env.restart();
    expect((await me('/favorites', cookie)).body.favorites.map((f: any) => f.originalPrompt)).toEqual(['task kept']);
  });
});
