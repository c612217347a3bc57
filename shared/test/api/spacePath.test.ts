// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OfflineRunRecord } from '@prompt-perfect/core/api/account';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchFavorites,
  fetchHistory,
  fetchProgress,
  fetchSettings,
  postOfflineRun,
} from '../../src/account/accountApi';
import { fetchDailyBudget } from '../../src/api/budgetClient';
import { fetchProviders } from '../../src/api/client';
import { createShareLink, fetchWebhook, listPrompts, movePromptLabel } from '../../src/api/promptsClient';
import { listTestSets } from '../../src/api/proveClient';
import { sanitizeOps, sendOp } from '../../src/account/syncOps';
import { pathInSpace } from '../../src/api/spacePath';
import { generateStream } from '../../src/api/streamClient';
import { listApiTokens } from '../../src/api/tokensClient';
import { spaceStore } from '../../src/orgs/spaceStore';

describe('which paths follow the space', () => {
  it.each([
    ['/api/prompts', '/api/orgs/acme/prompts'],
    ['/api/prompts/support-reply?label=production', '/api/orgs/acme/prompts/support-reply?label=production'],
    ['/api/prompts/support-reply/labels/production', '/api/orgs/acme/prompts/support-reply/labels/production'],
    ['/api/prompts/support-reply/share', '/api/orgs/acme/prompts/support-reply/share'],
    ['/api/prompts/_webhook', '/api/orgs/acme/prompts/_webhook'],
    ['/api/test-sets/3', '/api/orgs/acme/test-sets/3'],
    ['/api/evaluations', '/api/orgs/acme/evaluations'],
    ['/api/optimizations/estimate', '/api/orgs/acme/optimizations/estimate'],
    ['/api/generate/stream', '/api/orgs/acme/generate/stream'],
    ['/api/claude/stream', '/api/orgs/acme/claude/stream'],
    ['/api/tokens/7', '/api/orgs/acme/tokens/7'],
    ['/api/me/history?limit=20', '/api/orgs/acme/history?limit=20'],
    ['/api/me/runs', '/api/orgs/acme/runs'],
    ['/api/share-links?prompt=support-reply', '/api/orgs/acme/share-links?prompt=support-reply'],
    ['/api/share-links/3', '/api/orgs/acme/share-links/3'],
  ])('%s moves to %s', (path, moved) => {
    expect(pathInSpace(path, 'acme')).toBe(moved);
    expect(pathInSpace(path, null)).toBe(path);
  });

  it.each([
    '/api/me/favorites',
    '/api/me/favorites/4',
    '/api/me/progress',
    '/api/me/settings',
    '/api/me/runsheet',
    '/api/me/budget',
    '/api/me/export',
    '/api/me',
    '/api/auth/session',
    '/api/providers',
    '/api/trial/optimize/stream',
    '/api/orgs',
    '/api/orgs/acme/members',
    '/api/invites/abc/accept',
    '/api/shared/abc',
    '/api/promptsx',
    '/api/tokensmith',
  ])('%s stays personal', (path) => {
    expect(pathInSpace(path, 'acme')).toBe(path);
  });

  it('escapes the slug', () => {
    expect(pathInSpace('/api/prompts', 'a b')).toBe('/api/orgs/a%20b/prompts');
  });
});

describe('the clients send to the chosen space', () => {
  let server: Server;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ items: [], favorites: [], settings: {}, stats: {}, text: 'ok', labels: [], moves: [] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://127.0.0.1:${port}/`);
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  afterEach(() => {
    seen.length = 0;
    spaceStore.setState({ activeOrg: null, orgs: [] });
  });

  const callEverything = async () => {
    await listPrompts();
    await movePromptLabel('support-reply', 'production', { version: 2 });
    await createShareLink('support-reply', { version: 2 }, 7);
    await fetchWebhook();
    await listTestSets();
    await generateStream(
      { provider: 'openai', model: 'gpt-4o-mini', systemPrompt: 's', userPrompt: 'u' },
      { onText: () => {} },
    );
    await listApiTokens();
    await fetchHistory({ limit: 5 });
    await postOfflineRun({
      kind: 'perfect',
      input: 'a haiku',
      output: 'Write a haiku.',
      options: { technique: 'zero-shot', language: 'English', tone: 'Normal' },
    });
    await fetchFavorites();
    await fetchProgress();
    await fetchSettings();
    await fetchDailyBudget();
    await fetchProviders();
  };

  it('in an organization, its data goes to /api/orgs/<slug>; personal things stay', async () => {
    spaceStore.setState({ activeOrg: { id: 'o1', slug: 'acme', name: 'Acme', role: 'editor' } });
    await callEverything();
    expect(seen).toEqual([
      'GET /api/orgs/acme/prompts',
      'PUT /api/orgs/acme/prompts/support-reply/labels/production',
      'POST /api/orgs/acme/prompts/support-reply/share',
      'GET /api/orgs/acme/prompts/_webhook',
      'GET /api/orgs/acme/test-sets',
      'POST /api/orgs/acme/generate/stream',
      'GET /api/orgs/acme/tokens',
      'GET /api/orgs/acme/history?limit=5',
      'POST /api/orgs/acme/runs',
      'GET /api/me/favorites',
      'GET /api/me/progress',
      'GET /api/me/settings',
      'GET /api/me/budget',
      'GET /api/providers',
    ]);
  });

  it('in the personal space, nothing moves', async () => {
    await callEverything();
    expect(seen.slice(0, 3)).toEqual([
      'GET /api/prompts',
      'PUT /api/prompts/support-reply/labels/production',
      'POST /api/prompts/support-reply/share',
    ]);
    expect(seen.filter((s) => s.includes('/orgs/'))).toEqual([]);
  });

  it('a queued offline run is recorded in the space it was made in, whichever is chosen when it is sent', async () => {
    const run: OfflineRunRecord = {
      kind: 'perfect',
      input: 'a haiku',
      output: 'Write a haiku.',
      options: { technique: 'zero-shot', language: 'English', tone: 'Normal' },
    };
    // Queued in Acme, sent after switching to personal; queued personal, sent after switching to Acme.
    spaceStore.setState({ activeOrg: null });
    await sendOp({ type: 'run', run, space: 'acme' });
    spaceStore.setState({ activeOrg: { id: 'o1', slug: 'acme', name: 'Acme', role: 'editor' } });
    await sendOp({ type: 'run', run, space: null });
    // A queue saved before runs kept their space is personal, and a reload keeps the space.
    const [old, reloaded] = sanitizeOps([
      { type: 'run', run },
      { type: 'run', run, space: 'acme' },
    ]);
    await sendOp(old);
    await sendOp(reloaded);
    expect(seen).toEqual([
      'POST /api/orgs/acme/runs',
      'POST /api/me/runs',
      'POST /api/me/runs',
      'POST /api/orgs/acme/runs',
    ]);
  });
});
