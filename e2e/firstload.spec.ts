import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';

const shellDist = path.resolve(import.meta.dirname, '../shell/dist');

test.describe('first load', () => {
  test('the page preloads exactly the shell chunks a visitor’s start-up fetches, no more and no fewer', async ({ page }) => {
    const manifest = JSON.parse(readFileSync(path.join(shellDist, 'preload-manifest.json'), 'utf8')).files as string[];
    // Start-up without the preload tags: what the code itself asks for.
    await page.route('**/', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(/<link rel="preload"[^>]*>/g, '') });
    });
    const fetched = new Set<string>();
    page.on('request', (r) => {
      const file = new URL(r.url()).pathname.slice(1);
      if (/^[\w.-]+\.(js|css)$/.test(file) && !file.startsWith('main.')) fetched.add(file);
    });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Perfect', exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect([...fetched].sort()).toEqual([...manifest].sort());
  });
});
