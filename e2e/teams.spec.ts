import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { openWorkspace, output, perfect } from './support/workspaceHelpers';

const ORG = 'Acme Support';
const TEXT = 'You are a calm support agent. Answer {{customer}} about their order in two short paragraphs.';

/** Both color schemes at phone and desktop widths, into e2e/screenshots/teams-<name>-<scheme>-<width>.png. */
async function screenshots(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.screenshot({ path: `e2e/screenshots/teams-${name}-${scheme}-${width}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function switcherMenu(page: Page) {
  await page.getByRole('button', { name: /^Space: / }).click();
  return page.getByRole('menu', { name: 'Switch space' });
}

async function openPrompts(page: Page) {
  await page.getByRole('button', { name: 'Prompts', exact: true }).click();
  return page.getByRole('dialog', { name: 'Named prompts' });
}

test('an organization shares its prompts; a member made viewer cannot move a label', async ({
  page,
  browser,
  baseURL,
  openai,
}) => {
  // Three people's browsers on one composed app: a long journey on a busy machine.
  test.setTimeout(360_000);
  // Ada creates the organization: she is its owner and works in it.
  await openWorkspace(page, 'Ada Lovelace', 'ada@example.com');
  await (await switcherMenu(page)).getByRole('menuitem', { name: 'Create organization…' }).click();
  const create = page.getByRole('dialog', { name: 'Create organization' });
  await create.getByLabel('Name').fill(ORG);
  await create.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByRole('button', { name: `Space: ${ORG}, owner` })).toBeVisible();

  // She saves a prompt in it and labels it production.
  openai.respondWith({ kind: 'text', text: TEXT });
  await perfect(page, 'Reply to customers about orders');
  await expect(output(page)).toHaveText(TEXT);
  await page.getByRole('button', { name: 'Save as…' }).click();
  const save = page.getByRole('dialog', { name: 'Save as a named prompt' });
  await save.getByLabel('Name').fill('support-reply');
  await save.getByRole('button', { name: 'Save version' }).click();
  await expect(save.getByTestId('save-as-status')).toHaveText('Saved support-reply, version 1.');
  await page.keyboard.press('Escape');
  let panel = await openPrompts(page);
  await expect(panel.getByTestId('space-badge')).toHaveText(`Space: ${ORG} · owner`);
  await panel.getByRole('button', { name: /^support-reply, 1 version/ }).click();
  await panel.getByRole('form', { name: 'Move a label' }).getByRole('button', { name: 'Move label' }).click();
  await expect(panel.getByTestId('prompt-label-status')).toHaveText('production now points at version 1.');

  // Share: a read-only link to the version, with an expiry, shown with Copy.
  await panel.getByRole('button', { name: 'Share version 1' }).click();
  const share = page.getByRole('dialog', { name: 'Share support-reply · version 1' });
  await share.getByLabel('Expires').selectOption({ label: 'After 7 days' });
  await share.getByRole('button', { name: 'Create link' }).click();
  await expect(share.getByTestId('share-url')).toHaveValue(/\/s\/[\w-]+$/);
  await expect(share.getByRole('button', { name: 'Copy link' })).toBeVisible();
  const shareUrl = await share.getByTestId('share-url').inputValue();
  await screenshots(page, 'share-dialog');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  // The link opens signed out, read-only.
  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(shareUrl);
  await expect(visitorPage.getByText(TEXT).first()).toBeVisible({ timeout: 30_000 });
  await visitor.close();

  // She invites a second person as editor: local mode shows the link to copy.
  await (await switcherMenu(page)).getByRole('menuitem', { name: 'Members' }).click();
  await page.getByLabel('Role', { exact: true }).selectOption('editor');
  await page.getByRole('button', { name: 'Create invitation link' }).click();
  const inviteUrl = await page.getByLabel('Invitation link').inputValue();
  expect(inviteUrl).toMatch(/\/invite\//);

  // Bob, in his own browser, signs in, opens the link and joins.
  const bobContext = await browser.newContext({ baseURL });
  const bob = await bobContext.newPage();
  await openWorkspace(bob, 'Bob Builder', 'bob@example.com');
  await bob.goto(inviteUrl);
  await bob.getByRole('button', { name: `Join ${ORG}` }).click();
  await expect(bob.getByRole('button', { name: `Space: ${ORG}, editor` })).toBeVisible();

  // Both see the prompt saved in the organization.
  const bobPanel = await openPrompts(bob);
  await expect(bobPanel.getByRole('heading', { name: `${ORG}’s prompts` })).toBeVisible();
  await bobPanel.getByRole('button', { name: /^support-reply, 1 version, labels production/ }).click();
  await expect(bobPanel.getByTestId('prompt-version')).toHaveCount(1);
  await expect(bobPanel.getByTestId('prompt-version')).toContainText('Ada Lovelace');

  // Ada makes Bob a viewer while his panel is open (her members page, loaded again, lists him).
  await page.reload();
  await page.getByLabel('Role of Bob Builder').selectOption('viewer');
  await expect(page.getByLabel('Role of Bob Builder')).toHaveValue('viewer');

  // Bob's next move is refused by the server; the panel says why and turns the controls off.
  const move = bobPanel.getByRole('form', { name: 'Move a label' }).getByRole('button', { name: 'Move label' });
  await move.click();
  await expect(bobPanel.getByRole('alert')).toHaveText(`Your role in ${ORG} (viewer) may not move labels.`);
  await expect(move).toBeDisabled();
  await expect(bobPanel.getByTestId('space-badge')).toHaveText(`Space: ${ORG} · viewer`);
  await expect(bobPanel.getByTestId('role-reason').first()).toBeVisible();
  await screenshots(bob, 'viewer-prompts');

  // After a reload the viewer's controls start off, with the reason, and the label did not move.
  await bob.reload();
  panel = await openPrompts(bob);
  await panel.getByRole('button', { name: /^support-reply/ }).click();
  await expect(
    panel.getByRole('form', { name: 'Move a label' }).getByRole('button', { name: 'Move label' }),
  ).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Undo last move of production' })).toBeDisabled();
  await expect(panel.getByTestId('prompt-label')).toHaveText(/production\s*1/);
  await bobContext.close();
});
