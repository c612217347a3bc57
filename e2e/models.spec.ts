import { expect, screenshotBothWidths, test } from './support/fixtures';
import { choose, lastBody, openWorkspace, output, perfect } from './support/workspaceHelpers';

test.describe('models listed by an OpenAI-compatible server', () => {
  test('Refresh lists a local model after the catalogue; choosing it sends it upstream; a failed listing keeps the list and says so', async ({
    page,
    openai,
  }) => {
    await openWorkspace(page);
    const model = page.getByRole('combobox', { name: /^Model/ });
    await expect(model).toHaveText(/GPT-4o Mini/);
    await expect(page.getByText(/^Listed by the provider at /)).toBeVisible();

    // The user pulls a model into their local server, then asks the workspace to look again.
    openai.setModels(['gpt-4o-mini', 'llama3.2:3b', 'nomic-embed-text', 'qwen2.5:7b']);
    await page.getByRole('button', { name: 'Refresh the model list' }).click();
    await expect(page.getByRole('button', { name: 'Refresh the model list' })).toBeEnabled();

    await model.click();
    const recommended = page.getByRole('group', { name: 'Recommended' });
    const others = page.getByRole('group', { name: 'Also on this server' });
    await expect(recommended.getByRole('option')).toHaveText([/GPT-4o Mini/]);
    await expect(others.getByRole('option')).toHaveText([/llama3\.2:3b/, /qwen2\.5:7b/]);
    await page.keyboard.press('Escape');
    await screenshotBothWidths(page, 'workspace-local-models');

    await choose(page, /^Model/, 'llama3.2:3b');
    await expect(page.getByText('OpenAI · llama3.2:3b')).toBeVisible();
    await perfect(page, 'Summarise this meeting transcript for the team');
    expect(lastBody(openai).model).toBe('llama3.2:3b');
    await expect(output(page)).toHaveText(
      'You are an expert assistant. Summarise this meeting transcript for the team',
    );

    // The server stops listing; the workspace keeps the last list and says why it did not change.
    openai.setModels('fail');
    await page.getByRole('button', { name: 'Refresh the model list' }).click();
    await expect(page.getByText(/^The provider did not list its models; showing its list from /)).toBeVisible();
    await expect(model).toHaveText(/llama3\.2:3b/);

    // A listing without the chosen model moves the workspace to one the server accepts.
    openai.setModels(['qwen2.5:7b']);
    await page.getByRole('button', { name: 'Refresh the model list' }).click();
    await expect(model).toHaveText(/qwen2\.5:7b/);
    await perfect(page, 'Draft a release note');
    expect(lastBody(openai).model).toBe('qwen2.5:7b');
  });
});
