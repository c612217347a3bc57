/**
 * [teams] #43 item 5 over HTTP: GET /api/audit (a person's own space; an organization's is
 * /api/orgs/:org/audit): who, when and what, filters, paging, and the CSV and JSON exports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../src/features/audit/auditCsv';
import { request, signInLocal, startTestEnv, type TestEnv } from './helpers';

const EVIL = '=HYPERLINK("http://evil.example","click")';

describe('/api/audit', () => {
  let env: TestEnv;
  let ada: string;
  let grace: string;
  let adaId: string;
  const api = (path: string, cookie?: string, init: { method?: string; body?: unknown } = {}) =>
    request(`${env.url}/api${path}`, { ...init, cookie });

  beforeAll(async () => {
    env = await startTestEnv();
    ada = await signInLocal(env.url, EVIL, 'ada@example.com');
    grace = await signInLocal(env.url, 'Grace', 'grace@example.com');
    adaId = (await api('/auth/session', ada)).body.user.id;
    for (const name of ['support-reply', 'welcome'])
      expect(
        (await api(`/prompts/${name}/versions`, ada, { body: { text: `The ${name}, "quoted", text.` } })).status,
      ).toBe(201);
  });
  afterAll(() => env.close());

  it('records share.create and share.revoke with who, when and what', async () => {
    const before = Date.now();
    const made = await api('/prompts/support-reply/share', ada, { body: { version: 1, expiresInDays: 7 } });
    expect((await api(`/share-links/${made.body.info.id}`, ada, { method: 'DELETE' })).status).toBe(204);
    // Revoking again changes nothing and records nothing.
    expect((await api(`/share-links/${made.body.info.id}`, ada, { method: 'DELETE' })).status).toBe(204);
    const { items } = (await api('/audit', ada)).body;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      actor: { id: adaId, name: EVIL },
      action: 'share.revoke',
      prompt: 'support-reply',
      summary: 'revoked the link to support-reply v1',
      details: { linkId: made.body.info.id },
    });
    expect(items[1]).toMatchObject({
      action: 'share.create',
      summary: `shared support-reply v1, until ${made.body.info.expiresAt.slice(0, 10)}`,
      details: { linkId: made.body.info.id, version: 1, label: null, expiresAt: made.body.info.expiresAt },
    });
    for (const e of items) expect(Date.parse(e.at)).toBeGreaterThanOrEqual(before - 1);
    // Nobody else's log shows it.
    expect((await api('/audit', grace)).body.items).toEqual([]);
    expect((await api('/audit')).status).toBe(401);
  });

  it('filters by prompt and actor, and pages with before and limit', async () => {
    await api('/prompts/welcome/share', ada, { body: { version: 1 } });
    await api('/prompts/welcome/share', ada, { body: { version: 1 } });
    const all = (await api('/audit', ada)).body.items;
    expect(all.length).toBeGreaterThanOrEqual(4);
    const welcome = (await api('/audit?prompt=welcome', ada)).body.items;
    expect(welcome.length).toBe(2);
    expect(welcome.every((e: { prompt: string }) => e.prompt === 'welcome')).toBe(true);
    expect((await api(`/audit?actor=${adaId}`, ada)).body.items).toHaveLength(all.length);
    expect((await api('/audit?actor=someone-else', ada)).body.items).toEqual([]);
    const page1 = (await api('/audit?limit=2', ada)).body.items;
    const page2 = (await api(`/audit?limit=2&before=${page1[1].id}`, ada)).body.items;
    expect([...page1, ...page2].map((e: { id: number }) => e.id)).toEqual(
      all.slice(0, 4).map((e: { id: number }) => e.id),
    );
    for (const [query, error] of [
      ['limit=0', "'limit' must be a whole number from 1 to 200."],
      ['limit=201', "'limit' must be a whole number from 1 to 200."],
      ['before=abc', 'The id must be a whole number.'],
      ['prompt=Not%20A%20Name', 'A prompt name uses'],
      ['format=xml', 'The export format must be one of json, csv.'],
      ['prompt=a&prompt=b', "Give 'prompt' once."],
    ]) {
      const res = await api(`/audit?${query}`, ada);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toContain(error);
    }
  });

  it('exports CSV as a download: quoted, escaped, and no cell a spreadsheet would run', async () => {
    const res = await api('/audit?format=csv&prompt=support-reply', ada);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe('id,at,actor_id,actor_name,action,prompt,summary,details');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(
      `,${adaId},"'=HYPERLINK(""http://evil.example"",""click"")",share.revoke,support-reply,`,
    );
    expect(lines[3]).toBe('');
  });

  it('exports JSON as a download of the same entries', async () => {
    const res = await api('/audit?format=json&prompt=support-reply', ada);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.body.items).toEqual((await api('/audit?prompt=support-reply', ada)).body.items);
  });
});

describe('a CSV cell', () => {
  it('is quoted only when it must be, with quotes doubled', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('starting with = + - @, a tab or a carriage return, is made text with a leading quote', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`)).toMatch(/^"?'/);
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('-2,3')).toBe(`"'-2,3"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});
