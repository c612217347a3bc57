import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * Loads / with the preload tags taken out of the served page and returns what they listed beside
 * what start-up itself fetched from the shell and the given remote until the page settled.
 */
async function preloadedAndFetched(page: Page, request: APIRequestContext, remote: 'trial' | 'workspace') {
  let preloaded: string[] = [];
  await page.route('**/', async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    preloaded = [...html.matchAll(/<link rel="preload" href="([^"]+)"/g)].map((m) => m[1]);
    await route.fulfill({ response, body: html.replace(/<link rel="preload"[^>]*>/g, '') });
  });
  const fetched = new Set<string>();
  const ours = new RegExp(`^/(remotes/${remote}/)?[\\w.-]+\\.(js|css|json)$`);
  page.on('request', (r) => {
    const file = new URL(r.url()).pathname;
    if (ours.test(file) && !/^\/main\./.test(file)) fetched.add(file);
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Perfect', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Parts loaded after the page is usable (the FAQ accordion, the markdown formatter) are the exposed module's async chunks.
  const manifest = (await (await request.get(`/remotes/${remote}/mf-manifest.json`)).json()) as {
    exposes: Array<{ assets: { js: { async: string[] } } }>;
  };
  const later = new Set(manifest.exposes.flatMap((e) => e.assets.js.async).map((file) => `/remotes/${remote}/${file}`));
  return { preloaded: [...preloaded].sort(), atStartup: [...fetched].filter((file) => !later.has(file)).sort() };
}

test.describe('first load', () => {
  test('the visitor page preloads exactly what its start-up fetches (shell and trial remote), no more and no fewer', async ({
    page,
    request,
  }) => {
    const { preloaded, atStartup } = await preloadedAndFetched(page, request, 'trial');
    // HTTP/1.1 gives a page six connections to a host: with the page's own and main.js's, five more
    // start-up files all start at once instead of queueing behind the first ones (phone network).
    expect(preloaded.length).toBeGreaterThan(2);
    expect(preloaded.length).toBeLessThanOrEqual(5);
    // The prerendered page holds its first screen's CSS inline: no stylesheet to preload or fetch.
    expect(preloaded.filter((file) => file.endsWith('.css'))).toEqual([]);
    expect(preloaded.filter((file) => file.startsWith('/remotes/workspace/'))).toEqual([]);
    expect(atStartup).toEqual(preloaded);
  });

  test("a signed-in user's page preloads exactly what its start-up fetches (shell, account code and workspace remote)", async ({
    page,
    request,
  }) => {
    const signIn = await page.request.post('/api/auth/local/sign-in', {
      data: { name: 'Preload', email: 'preload@example.com' },
    });
    expect(signIn.ok()).toBe(true);
    const { preloaded, atStartup } = await preloadedAndFetched(page, request, 'workspace');
    expect(preloaded.some((file) => /^\/account\.[\w]+\.js$/.test(file))).toBe(true);
    expect(preloaded.some((file) => file.startsWith('/remotes/workspace/__federation_expose_WorkspaceApp.'))).toBe(
      true,
    );
    expect(preloaded.filter((file) => file.startsWith('/remotes/trial/'))).toEqual([]);
    expect(atStartup).toEqual(preloaded);
  });
});
