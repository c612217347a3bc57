import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrgMember } from '@prompt-perfect/core/api/orgs';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import MembersPage from './MembersPage';
import { pageOnFakeApi } from '@prompt-perfect/test-support/fakes/pageOnFakeApi';

const member = (userId: string, name: string, role: OrgMember['role']): OrgMember => ({
  userId,
  name,
  email: `${userId}@example.com`,
  role,
  joinedAt: '2026-11-01T10:00:00.000Z',
});
const ada = member('ada', 'Ada', 'owner');
const bob = member('bob', 'Bob', 'editor');

const fake = pageOnFakeApi();
beforeEach(() => {
  fake.api.answer('GET /api/orgs/acme/invites', 200, { items: [] });
});
afterEach(cleanup);

const signInAs = (id: string) =>
  useAuthStore.setState({ status: 'signed-in', mode: 'local', user: { id, name: id, email: '', source: 'local' } });

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/orgs/acme/members']}>
      <Routes>
        <Route path="/orgs/:slug/members" element={<MembersPage />} />
        <Route path="/" element={<p>Home</p>} />
      </Routes>
    </MemoryRouter>,
  );

const rowOf = async (name: RegExp) => (await screen.findByText(name)).closest('li') as HTMLElement;

describe('the members page', () => {
  it('lets an admin change a role, and shows the server’s refusal', async () => {
    signInAs('ada');
    fake.api.answer('GET /api/orgs/acme/members', 200, { items: [ada, bob] });
    fake.api.answer('PUT /api/orgs/acme/members/bob', 200, { ...bob, role: 'viewer' });
    renderPage();
    const roleOfBob = await screen.findByRole('combobox', { name: 'Role of Bob' });
    act(() => fireEvent.change(roleOfBob, { target: { value: 'viewer' } }));
    await waitFor(() => expect(roleOfBob).toHaveValue('viewer'));
    expect(screen.getByRole('status')).toHaveTextContent('Bob is now viewer.');
    expect(fake.api.requests.filter((r) => r.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/orgs/acme/members/bob', body: { role: 'viewer' } },
    ]);

    fake.api.answer('PUT /api/orgs/acme/members/bob', 403, { error: 'Only an owner can make someone an owner.' });
    act(() => fireEvent.change(roleOfBob, { target: { value: 'owner' } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only an owner can make someone an owner.');
    expect(roleOfBob).toHaveValue('viewer');
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
  });

  it('protects the last owner: no role select and no Remove', async () => {
    signInAs('ada');
    fake.api.answer('GET /api/orgs/acme/members', 200, { items: [ada, bob] });
    renderPage();
    const adaRow = await rowOf(/^Ada/);
    expect(within(adaRow).getByText('Last owner')).toBeVisible();
    expect(within(adaRow).queryByRole('combobox')).toBeNull();
    expect(within(adaRow).queryByRole('button')).toBeNull();
  });

  it('removes a member only after a confirmation', async () => {
    signInAs('ada');
    fake.api.answer('GET /api/orgs/acme/members', 200, { items: [ada, bob] });
    fake.api.answer('DELETE /api/orgs/acme/members/bob', 204);
    renderPage();
    const bobRow = await rowOf(/^Bob/);
    act(() => fireEvent.click(within(bobRow).getByRole('button', { name: 'Remove Bob' })));
    expect(fake.api.requests.some((r) => r.method === 'DELETE')).toBe(false);
    act(() => fireEvent.click(within(bobRow).getByRole('button', { name: 'Cancel' })));
    act(() => fireEvent.click(within(bobRow).getByRole('button', { name: 'Remove Bob' })));
    act(() => fireEvent.click(within(bobRow).getByRole('button', { name: 'Remove Bob' })));
    expect(await screen.findByRole('heading', { name: '1 member' })).toBeVisible();
    expect(within(screen.getByRole('list')).queryByText(/^Bob/)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Bob was removed.');
  });

  it('creates an invitation link to copy, in local mode', async () => {
    signInAs('ada');
    fake.api.answer('GET /api/orgs/acme/members', 200, { items: [ada, bob] });
    fake.api.answer('POST /api/orgs/acme/invites', 201, {
      url: 'http://localhost/invite/tok123',
      token: 'tok123',
      expiresAt: '2026-12-03T10:00:00.000Z',
    });
    renderPage();
    const role = await screen.findByRole('combobox', { name: 'Role' });
    fireEvent.change(role, { target: { value: 'viewer' } });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Create invitation link' })));
    expect(await screen.findByRole('textbox', { name: 'Invitation link' })).toHaveValue(
      'http://localhost/invite/tok123',
    );
    expect(screen.getByText(/Copy this link and send it\./)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeVisible();
    expect(fake.api.requests.find((r) => r.method === 'POST')?.body).toEqual({ role: 'viewer' });
  });

  it('lists pending invitations to an admin, who can revoke one', async () => {
    signInAs('ada');
    fake.api.answer('GET /api/orgs/acme/members', 200, { items: [ada, bob] });
    fake.api.answer('GET /api/orgs/acme/invites', 200, {
      items: [
        {
          id: 7,
          role: 'viewer',
          email: 'cy@example.com',
          createdBy: 'ada',
          createdAt: '2026-11-26T10:00:00.000Z',
          expiresAt: '2026-12-03T10:00:00.000Z',
        },
      ],
    });
    fake.api.answer('DELETE /api/orgs/acme/invites/7', 204);
    renderPage();
    const revoke = await screen.findByRole('button', { name: 'Revoke the invitation for cy@example.com' });
    act(() => fireEvent.click(revoke));
    await waitFor(() => expect(screen.queryByText('cy@example.com')).toBeNull());
    expect(fake.api.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/orgs/acme/invites/7' });
  });

  it('shows a viewer the members without controls, and lets them leave', async () => {
    signInAs('bob');
    fake.api.answer('GET /api/orgs/acme/members', 200, { items: [ada, { ...bob, role: 'viewer' }] });
    renderPage();
    await rowOf(/^Bob/);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Invite' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave the organization' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('says so when the organization cannot be opened', async () => {
    signInAs('eve');
    fake.api.answer('GET /api/orgs/acme/members', 404, { error: 'This organization does not exist.' });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('This organization does not exist.');
    // Only the error and the way back: not the slug, not how changes apply.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Members$/);
    expect(screen.queryByText(/Changes apply/)).toBeNull();
    act(() => fireEvent.click(screen.getByRole('link', { name: /Back to the workspace/ })));
    expect(screen.getByText('Home')).toBeVisible();
  });
});
