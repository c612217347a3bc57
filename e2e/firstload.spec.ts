import { expect, test } from './support/fixtures';

test.describe('first load', () => {
  test('the visitor page preloads exactly what its start-up fetches (shell and trial remote), no more and no fewer', async ({ page, request }) => {
    let preloaded: string[] = [];
    // Start-up without the preload tags: what the code itself asks for.
    await page.route('**/', async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      preloaded = [...html.matchAll(/<link rel="preload" href="([^"]+)"/g)].map((m) => m[1]);
      await route.fulfill({ response, body: html.replace(/<link rel="preload"[^>]*>/g, '') });
    });
    const fetched = new Set<string>();
    page.on('request', (r) => {
      const file = new URL(r.url()).pathname;
      if (/^\/(remotes\/trial\/)?[\w.-]+\.(js|css|json)$/.test(file) && !/^\/main\./.test(file)) fetched.add(file);
    });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Perfect', exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(preloaded.length).toBeGreaterThan(10);
    // Parts loaded after the page is usable (the FAQ accordion) are the exposed module's async chunks.
    const manifest = (await (await request.get('/remotes/trial/mf-manifest.json')).json()) as {
      exposes: Array<{ assets: { js: { async: string[] } } }>;
    };
    const later = new Set(manifest.exposes.flatMap((e) => e.assets.js.async).map((file) => `/remotes/trial/${file}`));
    const atStartup = [...fetched].filter((file) => !later.has(file));
    expect(atStartup.sort()).toEqual([...preloaded].sort());
  });
});
