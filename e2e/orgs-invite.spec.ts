import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signInLocally, test } from './support/fixtures';

async function seriousAxeIssues(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

/**
 * [teams] The shell's part: create an organization from the header's switcher, invite by link, the
 * invited person joins from the link and lands in the organization, and the choice survives a reload.
 */
test('an invitation link takes a second person into the organization', async ({ page, browser, baseURL }) => {
  // Two people signed in, each page's chunk fetched on a busy 2-core machine.
  test.setTimeout(240_000);
  await signInLocally(page);
  const switcher = page.getByRole('button', { name: /^Space:/ });
  await expect(switcher).toHaveAccessibleName('Space: Personal');
  await switcher.press('ArrowDown');
  await page.getByRole('menuitem', { name: 'Create organization…' }).press('End');
  await page.keyboard.press('Enter');
  await page.getByLabel('Name').fill('Acme');
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(switcher).toHaveAccessibleName('Space: Acme, owner');
  await expect(page.getByRole('status').filter({ hasText: 'Created Acme.' })).toBeVisible();

  await switcher.click();
  await expect(page.getByRole('menu', { name: 'Switch space' })).toBeVisible();
  expect(await seriousAxeIssues(page, 'header')).toEqual([]);
  await page.getByRole('menuitem', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { name: 'Members of Acme' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Role' }).selectOption('viewer');
  await page.getByRole('button', { name: 'Create invitation link' }).click();
  await expect(page.getByText(/Copy this link and send it\./)).toBeVisible();
  const link = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  expect(await seriousAxeIssues(page, 'main')).toEqual([]);

  const bobContext = await browser.newContext({ baseURL });
  const bob = await bobContext.newPage();
  await signInLocally(bob, 'Bob Builder', 'bob@example.com');
  await bob.goto(new URL(link).pathname);
  await expect(bob.getByText(/invited you to/)).toHaveText('Ada Lovelace invited you to Acme as viewer.');
  await bob.getByRole('button', { name: 'Join Acme' }).click();
  await expect(bob).toHaveURL(/\/$/);
  const bobSwitcher = bob.getByRole('button', { name: /^Space:/ });
  await expect(bobSwitcher).toHaveAccessibleName('Space: Acme, viewer');
  await expect(bob.getByRole('status').filter({ hasText: 'You joined Acme.' })).toBeVisible();
  await bob.reload();
  await expect(bobSwitcher).toHaveAccessibleName('Space: Acme, viewer');

  // The used link, opened again by the member it let in, says so and offers the organization.
  await bob.goto(new URL(link).pathname);
  await expect(bob.getByText('You’re already a member of')).toBeVisible();
  await expect(bob.getByRole('button', { name: 'Switch to Acme' })).toBeVisible();
  await bobContext.close();

  await page.reload();
  await expect(page.getByText('Bob Builder')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Role of Bob Builder' })).toHaveValue('viewer');
});
