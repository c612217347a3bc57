import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrgSummary, ShareLinkInfo } from '@prompt-perfect/core/api/orgs';
import type { PromptLabels, PromptVersion } from '@prompt-perfect/core/api/registry';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { spaceStore } from '@prompt-perfect/shared/orgs/spaceStore';
import { type FakeJsonApi, startFakeJsonApi } from '@prompt-perfect/test-support/fakes/fakeJsonApi';
import { PromptsPanel } from './PromptsPanel';

/** happy-dom's own API: where the page "is", which relative /api URLs resolve against. */
const setPageUrl = (url: string) =>
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

const acme = (role: OrgSummary['role']): OrgSummary => ({ id: 'o1', slug: 'acme', name: 'Acme', role });
const version = (n: number): PromptVersion => ({
  version: n,
  technique: null,
  provider: null,
  model: null,
  options: {},
  text: `Reply to the customer, take ${n}.`,
  variables: [],
  message: '',
  createdBy: 'Ada',
  createdAt: '2026-11-26T10:00:00.000Z',
});
const labels: PromptLabels = {
  labels: [{ label: 'production', version: 1, protected: false, updatedAt: '2026-11-26T10:00:00.000Z' }],
  moves: [],
};
const FORBIDDEN = 'Your role in Acme (viewer) may not move labels.';
const LINKS = '/api/orgs/acme/share-links?prompt=support-reply';

let api: FakeJsonApi;
beforeAll(async () => {
  api = await startFakeJsonApi();
  await import('./PromptsBody'); // the panel's lazy part, loaded once here rather than in the first test's time
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  setPageUrl(`${api.origin}/`);
  const updatedAt = '2026-11-26T10:00:00.000Z';
  api.answer('GET /api/prompts', 200, { items: [{ name: 'my-notes', latestVersion: 1, labels: {}, updatedAt }] });
  api.answer('GET /api/orgs/acme/prompts', 200, {
    items: [{ name: 'support-reply', latestVersion: 2, labels: { production: 1 }, updatedAt }],
  });
  api.answer('GET /api/orgs/acme/prompts/support-reply/versions', 200, { items: [version(2), version(1)] });
  api.answer('GET /api/orgs/acme/prompts/support-reply/labels', 200, labels);
  api.answer('GET /api/orgs/acme/prompts/_webhook', 200, { webhook: null, deliveries: [] });
  api.answer('GET /api/prompts/_webhook', 200, { webhook: null, deliveries: [] });
  api.answer(`GET ${LINKS}`, 200, { items: [] });
});
afterEach(() => {
  cleanup();
  spaceStore.setState({ activeOrg: null, orgs: [] });
});

async function openSupportReply() {
  render(<PromptsPanel />);
  fireEvent.click(screen.getByRole('button', { name: 'Prompts' }));
  fireEvent.click(await screen.findByRole('button', { name: /^support-reply, 2 versions/ }));
  const form = await screen.findByRole('form', { name: 'Move a label' });
  // Its shared links read too, so no request is still open when the test ends.
  await waitFor(() => expect(screen.queryByText('Loading shared links…')).toBeNull());
  return form;
}

describe('the Prompts panel in an organization', () => {
  it('shows the space, and a viewer finds Move, Undo, Share and Save off with the reason', async () => {
    spaceStore.setState({ activeOrg: acme('viewer'), orgs: [acme('viewer')] });
    const form = await openSupportReply();
    expect(screen.getByTestId('space-badge').textContent).toBe('Space: Acme · viewer');
    expect(screen.getByRole('heading', { name: 'Acme’s prompts' })).toBeVisible();
    const move = within(form).getByRole('button', { name: 'Move label' });
    expect(move).toBeDisabled();
    expect(move).toHaveAccessibleDescription('Your role in Acme (viewer) does not allow this.');
    expect(screen.getByRole('button', { name: 'Undo last move of production' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Share version 2' })).toBeDisabled();
    expect(screen.getByText(/^You are a viewer in Acme: you can read and copy its prompts/)).toBeVisible();
    // A viewer does not manage the organization's webhook: the section is not offered at all.
    expect(screen.queryByRole('heading', { name: /webhook/i })).toBeNull();
    expect(api.requests.map((r) => r.path)).not.toContain('/api/orgs/acme/prompts/_webhook');
  });

  it('a role lowered since the page loaded: the server’s 403 is shown and the controls turn off', async () => {
    spaceStore.setState({ activeOrg: acme('editor'), orgs: [acme('editor')] });
    api.answer('PUT /api/orgs/acme/prompts/support-reply/labels/production', 403, { error: FORBIDDEN });
    api.answer('GET /api/orgs', 200, { items: [acme('viewer')] });
    const form = await openSupportReply();
    const move = within(form).getByRole('button', { name: 'Move label' });
    expect(move).toBeEnabled();
    fireEvent.click(move);
    expect(await screen.findByText(FORBIDDEN)).toBeVisible();
    await waitFor(() => expect(move).toBeDisabled());
    expect(spaceStore.getState().activeOrg?.role).toBe('viewer');
    expect(screen.getByTestId('space-badge').textContent).toBe('Space: Acme · viewer');
  });

  it('a label move pressed twice is sent once; Move label shows it is busy and keeps the focus', async () => {
    spaceStore.setState({ activeOrg: acme('editor'), orgs: [acme('editor')] });
    const moved: PromptLabels = { labels: [{ ...labels.labels[0], version: 2 }], moves: [] };
    api.answer('PUT /api/orgs/acme/prompts/support-reply/labels/production', 200, moved);
    const form = await openSupportReply();
    const move = within(form).getByRole('button', { name: 'Move label' });
    move.focus();
    fireEvent.click(move);
    fireEvent.click(move);
    expect(move).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('production now points at version 2.')).toBeVisible();
    expect(move).toHaveAttribute('aria-busy', 'false');
    expect(move).toHaveFocus();
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('switching space reloads the list, and the other space’s prompts never show', async () => {
    spaceStore.setState({ activeOrg: acme('editor'), orgs: [acme('editor')] });
    await openSupportReply();
    expect(screen.getByRole('heading', { name: 'Versions of support-reply' })).toBeVisible();
    act(() => spaceStore.setState({ activeOrg: null }));
    expect(screen.queryByText(/support-reply/)).toBeNull();
    expect(screen.getByTestId('space-badge').textContent).toBe('Space: Personal space');
    expect(await screen.findByRole('button', { name: /^my-notes, 1 version/ })).toBeVisible();
    expect(screen.queryByText(/support-reply/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Your prompts' })).toBeVisible();
  });
});

describe('Share a version', () => {
  it('makes a link to the version with the chosen expiry and shows it with Copy', async () => {
    spaceStore.setState({ activeOrg: acme('editor'), orgs: [acme('editor')] });
    const url = 'http://127.0.0.1/shared/abc123';
    api.answer('POST /api/orgs/acme/prompts/support-reply/share', 201, {
      url,
      info: {
        id: 1,
        prompt: 'support-reply',
        version: 2,
        label: null,
        createdBy: 'ada',
        createdByName: 'Ada',
        createdAt: '2026-11-26T10:00:00.000Z',
        expiresAt: '2026-12-03T10:00:00.000Z',
        revokedAt: null,
      },
    });
    await openSupportReply();
    fireEvent.click(screen.getByRole('button', { name: 'Share version 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share support-reply · version 2' });
    fireEvent.change(within(dialog).getByLabelText('Expires'), { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByDisplayValue(url)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeVisible();
    expect(within(dialog).getByText(/^Works until /)).toBeVisible();
    expect(api.requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/orgs/acme/prompts/support-reply/share',
      body: { version: 2, expiresInDays: 7 },
    });
  });

  it('can share the label on the version instead (the link follows it)', async () => {
    api.answer('POST /api/orgs/acme/prompts/support-reply/share', 403, {
      error: 'Your role in Acme (viewer) may not share prompt versions.',
    });
    api.answer('GET /api/orgs', 200, { items: [acme('viewer')] });
    spaceStore.setState({ activeOrg: acme('editor'), orgs: [acme('editor')] });
    await openSupportReply();
    fireEvent.click(screen.getByRole('button', { name: 'Share version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share support-reply · version 1' });
    fireEvent.change(within(dialog).getByLabelText('What the link shows'), { target: { value: 'production' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByText('Your role in Acme (viewer) may not share prompt versions.')).toBeVisible();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ label: 'production' });
  });
});

describe('Shared links of a prompt', () => {
  const link = (id: number, fields: Partial<ShareLinkInfo>): ShareLinkInfo => ({
    id,
    prompt: 'support-reply',
    version: 2,
    label: null,
    createdBy: 'bob',
    createdByName: 'Bob',
    createdAt: '2026-11-26T10:00:00.000Z',
    expiresAt: null,
    revokedAt: null,
    ...fields,
  });
  const mine = link(1, {});
  const theirs = link(2, {
    version: null,
    label: 'production',
    createdBy: 'ada',
    createdByName: 'Ada',
    expiresAt: '2099-12-03T10:00:00.000Z',
  });
  const gone = link(3, { revokedAt: '2026-11-26T11:00:00.000Z' });
  const rows = () => screen.findAllByTestId('share-link');

  beforeEach(() => {
    useAuthStore.setState({
      status: 'signed-in',
      mode: 'local',
      user: { id: 'bob', name: 'Bob', email: 'bob@example.com', source: 'local' },
    });
    api.answer(`GET ${LINKS}`, 200, { items: [mine, theirs, gone] });
  });
  afterEach(() => useAuthStore.setState({ status: 'signed-out', user: null }));

  it('lists them; an editor revokes their own after confirming, not another member’s', async () => {
    spaceStore.setState({ activeOrg: acme('editor'), orgs: [acme('editor')] });
    await openSupportReply();
    const [own, other, revoked] = await rows();
    expect(own).toHaveTextContent(/^Version 2 · by you · works until revoked/);
    expect(other).toHaveTextContent(/^Label production · by Ada · until /);
    expect(revoked).toHaveTextContent(/^Version 2 · by you · revoked /);
    expect(within(other).queryByRole('button')).toBeNull();
    expect(within(revoked).queryByRole('button')).toBeNull();

    api.answer('DELETE /api/orgs/acme/share-links/1', 204);
    fireEvent.click(within(own).getByRole('button', { name: 'Revoke the link to version 2' }));
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);
    api.answer(`GET ${LINKS}`, 200, { items: [{ ...mine, revokedAt: '2026-11-26T12:00:00.000Z' }, theirs, gone] });
    fireEvent.click(within(own).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(own).toHaveTextContent(/revoked /));
    expect(within(own).queryByRole('button')).toBeNull();
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/orgs/acme/share-links/1',
    ]);
  });

  it('an admin may revoke anyone’s; a refusal is shown and the role read again', async () => {
    spaceStore.setState({ activeOrg: acme('admin'), orgs: [acme('admin')] });
    const refused = 'Your role in Acme (editor) may not revoke other people’s share links.';
    api.answer('DELETE /api/orgs/acme/share-links/2', 403, { error: refused });
    api.answer('GET /api/orgs', 200, { items: [acme('editor')] });
    await openSupportReply();
    const other = (await rows())[1];
    fireEvent.click(within(other).getByRole('button', { name: 'Revoke the link to the label production' }));
    fireEvent.click(within(other).getByRole('button', { name: 'Revoke link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refused);
    // Made editor meanwhile: the role is read again, and the other member's link loses its Revoke.
    await waitFor(() => expect(within(other).queryByRole('button')).toBeNull());
    expect(spaceStore.getState().activeOrg?.role).toBe('editor');
  });

  it('a viewer may revoke only the links they made', async () => {
    spaceStore.setState({ activeOrg: acme('viewer'), orgs: [acme('viewer')] });
    await openSupportReply();
    await rows();
    // What they made while an editor stays theirs to revoke; nobody else's is.
    expect(screen.getAllByRole('button', { name: /^Revoke/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Revoke the link to version 2',
    ]);
    expect(within((await rows())[0]).getByRole('button')).toBeVisible();
  });
});
