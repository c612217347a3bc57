import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, screenshotBothWidths, test } from './support/fixtures';
import { openWorkspace, output, perfect } from './support/workspaceHelpers';

const V1 = 'Answer {{customer}} about their order in two short paragraphs.';
const V2 =
  'You are a calm support agent. Answer {{customer}} about their order in two short paragraphs, and offer one next step.';

async function saveAs(page: Page, name: string, message: string) {
  await page.getByRole('button', { name: 'Save as…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as a named prompt' });
  await dialog.getByLabel('Name').fill(name);
  await expect(dialog).toContainText('Saved as: support-reply');
  await dialog.getByLabel('What changed (optional)').fill(message);
  await dialog.getByRole('button', { name: 'Save version' }).click();
  await expect(dialog.getByTestId('save-as-status')).toBeVisible();
  return dialog;
}

test('save a result as a named prompt, label it production (protected), fetch it with a read token', async ({
  page,
  openai,
  playwright,
  baseURL,
}) => {
  await openWorkspace(page);
  openai.respondWith({ kind: 'text', text: V1 });
  await perfect(page, 'Reply to customers about orders');
  await expect(output(page)).toHaveText(V1);
  let dialog = await saveAs(page, 'Support reply', 'first cut');
  await expect(dialog.getByTestId('save-as-status')).toHaveText('Saved support-reply, version 1.');
  await page.keyboard.press('Escape');

  openai.respondWith({ kind: 'text', text: V2 });
  await perfect(page, 'Reply to customers about orders, calmly');
  dialog = await saveAs(page, 'support-reply', 'calmer');
  await expect(dialog.getByTestId('save-as-status')).toHaveText('Saved support-reply, version 2.');
  await page.keyboard.press('Escape');

  // The Prompts panel: versions, the word diff, labels.
  await page.getByRole('button', { name: 'Prompts', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Named prompts' });
  await panel.getByRole('button', { name: /^support-reply, 2 versions/ }).click();
  await expect(panel.getByTestId('prompt-version')).toHaveCount(2);
  await panel.getByRole('checkbox', { name: 'Compare version 1' }).check();
  await panel.getByRole('checkbox', { name: 'Compare version 2' }).check();
  const diff = panel.getByRole('region', { name: 'Differences from version 1 to version 2' });
  await expect(diff.locator('ins').filter({ hasText: 'calm' })).toHaveCount(1);

  // Label production -> version 1, protected, by keyboard.
  const form = panel.getByRole('form', { name: 'Move a label' });
  await form.getByLabel('Version').selectOption('1');
  await form.getByLabel('Protect').check();
  await form.getByRole('button', { name: 'Move label' }).focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('prompt-label-status')).toHaveText('production now points at version 1.');
  await expect(panel.getByTestId('prompt-label')).toHaveText(/production \(protected\)\s*1/);
  await screenshotBothWidths(page, 'registry-prompts');

  // A read token fetches production: version 1.
  const token = (await (await page.request.post('/api/tokens', { data: { name: 'app', scopes: ['read'] } })).json())
    .token as string;
  const app = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  const fetched = await app.get('/api/prompts/support-reply?label=production');
  expect(fetched.status()).toBe(200);
  expect(await fetched.json()).toMatchObject({
    name: 'support-reply',
    version: 1,
    label: 'production',
    text: V1,
    variables: ['customer'],
  });
  const etag = fetched.headers().etag;
  expect(
    (await app.get('/api/prompts/support-reply?label=production', { headers: { 'if-none-match': etag } })).status(),
  ).toBe(304);

  // Moving the protected label asks once more; then the token sees version 2; Undo brings 1 back.
  await form.getByLabel('Version').selectOption('2');
  await form.getByLabel('Protect').uncheck();
  await form.getByRole('button', { name: 'Move label' }).click();
  const confirm = panel.getByRole('alertdialog');
  await expect(confirm).toHaveText(/production is protected\. Move it to version 2\?/);
  await screenshotBothWidths(page, 'registry-protected-confirm');
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  await confirm.getByRole('button', { name: 'Yes, move production' }).click();
  await expect(panel.getByTestId('prompt-label-status')).toHaveText('production now points at version 2.');
  expect((await (await app.get('/api/prompts/support-reply?label=production')).json()).version).toBe(2);

  await panel.getByRole('button', { name: 'Undo last move of production' }).click();
  await panel.getByRole('alertdialog').getByRole('button', { name: 'Yes, move production' }).click();
  await expect(panel.getByTestId('prompt-label-status')).toHaveText('production now points at version 1.');
  expect((await (await app.get('/api/prompts/support-reply?label=production')).json()).version).toBe(1);
  await app.dispose();

  // Restore version 2 into the prompt box.
  await panel.getByTestId('prompt-version').first().getByRole('button', { name: 'Restore' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Your prompt' })).toHaveValue(V2);
});

test('a history version is saved as a named prompt from the History panel', async ({ page, openai }) => {
  await openWorkspace(page);
  openai.respondWith({ kind: 'text', text: V1 });
  await perfect(page, 'Reply to customers about orders');
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'Prompt history' });
  await history.getByTestId('history-version').first().getByRole('button', { name: 'Save as…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as a named prompt' });
  await dialog.getByLabel('Name').fill('from-history');
  await dialog.getByRole('button', { name: 'Save version' }).click();
  await expect(dialog.getByTestId('save-as-status')).toHaveText('Saved from-history, version 1.');
  const saved = await (await page.request.get('/api/prompts/from-history')).json();
  expect(saved).toMatchObject({ version: 1, text: V1, config: { provider: 'openai', technique: expect.any(String) } });
});

test.describe('a webhook receiver on this machine', () => {
  // Webhooks refuse loopback addresses unless a self-hosted setup allows them.
  test.use({ serverEnv: { WEBHOOK_ALLOW_PRIVATE: 'true' } });

  test('import a promptfoo file, export it as Langfuse JSON, and a webhook that hears a label move', async ({
    page,
  }) => {
    const received: string[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push(body);
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      await openWorkspace(page);
      await page.getByRole('button', { name: 'Prompts', exact: true }).click();
      const panel = page.getByRole('dialog', { name: 'Named prompts' });

      // A file that does not parse: the server's reason, and nothing imported.
      const importForm = panel.getByRole('form', { name: 'Import prompts' });
      await importForm
        .getByLabel('File')
        .setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('[{"name": "x",') });
      await importForm.getByLabel('Import format').selectOption('langfuse');
      await importForm.getByRole('button', { name: 'Import' }).click();
      await expect(panel.getByRole('alert')).toContainText('The file cannot be imported: line 1: not valid JSON');
      await expect(panel.getByText('None yet.')).toBeVisible();

      await importForm.getByLabel('Import format').selectOption('promptfoo');
      await importForm
        .getByLabel('File')
        .setInputFiles(path.resolve('proxy-server/test/fixtures/registry/promptfooconfig.yaml'));
      await importForm.getByRole('button', { name: 'Import' }).click();
      await expect(panel.getByText(/^Imported 2 prompts and 1 test set: translate-formal \(version 1\)/)).toBeVisible();
      await expect(panel.getByRole('button', { name: /^translate-formal, 1 version/ })).toBeVisible();
      await expect(panel.getByRole('alert')).toBeHidden();

      const exportForm = panel.getByRole('form', { name: 'Export prompts' });
      await exportForm.getByLabel('Export format').selectOption('langfuse');
      const downloading = page.waitForEvent('download');
      await exportForm.getByRole('button', { name: 'Export' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('langfuse-prompts.json');
      const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as Array<{
        name: string;
        prompt: string;
      }>;
      expect(exported.map((p) => p.name)).toEqual(
        expect.arrayContaining(['translate-formal', 'translation-assistant-2']),
      );

      const hookForm = panel.getByRole('form', { name: 'Webhook' });
      await hookForm.getByLabel('Webhook URL').fill(hookUrl);
      await hookForm.getByRole('button', { name: 'Save' }).click();
      await expect(panel.getByText(/^Signing secret \(shown only now\): whsec_/)).toBeVisible();
      await screenshotBothWidths(page, 'registry-import-webhook');

      await panel.getByRole('button', { name: /^translate-formal, 1 version/ }).click();
      await panel.getByRole('form', { name: 'Move a label' }).getByRole('button', { name: 'Move label' }).click();
      await expect(panel.getByTestId('prompt-label-status')).toHaveText('production now points at version 1.');
      await expect.poll(() => received.length).toBe(1);
      expect(JSON.parse(received[0])).toMatchObject({
        event: 'label.moved',
        prompt: 'translate-formal',
        label: 'production',
        toVersion: 1,
      });

      // Opened again, the panel lists the delivery.
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Prompts', exact: true }).click();
      await expect(panel.getByTestId('webhook-delivery').first()).toContainText(
        'translate-formal: production → version 1 · delivered, 1 attempt, HTTP 200',
      );
    } finally {
      receiver.close();
    }
  });
});
