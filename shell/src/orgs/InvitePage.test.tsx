/** [teams] A member reopening an invitation to their own organization is told so and can switch to it. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { clearSpace } from '@prompt-perfect/shared/orgs/chosenSpace';
import { spaceStore } from '@prompt-perfect/shared/orgs/spaceStore';
import InvitePage from './InvitePage';
import { pageOnFakeApi } from '@prompt-perfect/test-support/fakes/pageOnFakeApi';

const fake = pageOnFakeApi();
const acme = { id: 'o1', slug: 'acme-support', name: 'Acme Support', role: 'editor' };
const alreadyMember = { error: 'You’re already a member of Acme Support.', org: acme };

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({
    status: 'signed-in',
    mode: 'local',
    user: { id: 'bob', name: 'Bob', email: 'bob@example.com', source: 'local' },
  });
  fake.api.answer('GET /api/orgs', 200, { items: [acme] });
});
afterEach(() => {
  cleanup();
  clearSpace();
});

const open = () =>
  render(
    <MemoryRouter initialEntries={['/invite/tok1']}>
      <Routes>
        <Route path="/invite/:token" element={<InvitePage onSignIn={() => {}} />} />
        <Route path="/" element={<p>Home</p>} />
      </Routes>
    </MemoryRouter>,
  );

describe('an invitation to an organization one belongs to already', () => {
  it('says so instead of "already used", and switches to the organization', async () => {
    fake.api.answer('GET /api/invites/tok1', 409, alreadyMember);
    open();
    expect(await screen.findByText(/already a member/)).toHaveTextContent('You’re already a member of Acme Support.');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Acme Support' }));
    expect(await screen.findByText('Home')).toBeVisible();
    expect(spaceStore.getState().activeOrg).toEqual(acme);
  });

  it('when joining finds the person a member already, offers the switch too', async () => {
    fake.api.answer('GET /api/invites/tok1', 200, {
      org: { name: 'Acme Support', slug: 'acme-support' },
      role: 'editor',
      invitedBy: 'Ada',
      expiresAt: '2026-12-03T10:00:00.000Z',
    });
    fake.api.answer('POST /api/invites/tok1/accept', 409, alreadyMember);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Join Acme Support' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to Acme Support' }));
    expect(await screen.findByText('Home')).toBeVisible();
    expect(spaceStore.getState().activeOrg).toEqual(acme);
  });
});
