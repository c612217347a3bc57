import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, SharedPrompt } from '@prompt-perfect/core/api/orgs';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { clearSpace } from '@prompt-perfect/shared/orgs/chosenSpace';
import { spaceStore } from '@prompt-perfect/shared/orgs/spaceStore';
import AuditPage from './AuditPage';
import InvitePage from './InvitePage';
import SharedPage from './SharedPage';
import { pageOnFakeApi } from '@prompt-perfect/test-support/fakes/pageOnFakeApi';

const fake = pageOnFakeApi();
beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({
    status: 'signed-in',
    mode: 'local',
    user: { id: 'bob', name: 'Bob', email: 'bob@example.com', source: 'local' },
  });
});
afterEach(() => {
  cleanup();
  clearSpace();
});

const at = (path: string, pattern: string, page: ReactNode) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={page} />
        <Route path="/" element={<p>Home</p>} />
      </Routes>
    </MemoryRouter>,
  );

describe('the invitation page', () => {
  const preview = {
    org: { name: 'Acme', slug: 'acme' },
    role: 'editor',
    invitedBy: 'Ada',
    expiresAt: '2026-12-03T10:00:00.000Z',
  };

  it('says who invites you where, and joining switches to that organization', async () => {
    fake.api.answer('GET /api/invites/tok1', 200, preview);
    const acme = { id: 'o1', slug: 'acme', name: 'Acme', role: 'editor' };
    fake.api.answer('POST /api/invites/tok1/accept', 200, acme);
    fake.api.answer('GET /api/orgs', 200, { items: [acme] });
    at('/invite/tok1', '/invite/:token', <InvitePage onSignIn={() => {}} />);
    expect(await screen.findByText(/invited you to/)).toHaveTextContent('Ada invited you to Acme as editor.');
    expect(document.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    fireEvent.click(screen.getByRole('button', { name: 'Join Acme' }));
    expect(await screen.findByText('Home')).toBeVisible();
    expect(spaceStore.getState().activeOrg).toEqual(acme);
  });

  it('shows why an invitation cannot be used (used, expired, another account)', async () => {
    fake.api.answer('GET /api/invites/tok1', 200, preview);
    fake.api.answer('POST /api/invites/tok1/accept', 409, { error: 'This invitation was already used.' });
    at('/invite/tok1', '/invite/:token', <InvitePage onSignIn={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Join Acme' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation was already used.');
    expect(spaceStore.getState().activeOrg).toBeNull();

    cleanup();
    fake.api.answer('GET /api/invites/tok1', 410, { error: 'This invitation has expired.' });
    at('/invite/tok1', '/invite/:token', <InvitePage onSignIn={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has expired.');
  });

  it('asks a signed-out visitor to sign in first', async () => {
    useAuthStore.setState({ status: 'signed-out', user: null });
    let asked = false;
    at(
      '/invite/tok1',
      '/invite/:token',
      <InvitePage
        onSignIn={() => {
          asked = true;
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(asked).toBe(true);
    expect(fake.api.requests).toEqual([]);
  });
});

describe('the audit page', () => {
  const entry: AuditEntry = {
    id: 1,
    at: '2026-11-20T10:00:00.000Z',
    actor: { id: 'ada', name: 'Ada' },
    action: 'label.move',
    prompt: 'support-reply',
    summary: 'production: v3 -> v4',
    details: {},
  };

  it('lists entries and filters by prompt and person', async () => {
    fake.api.answer('GET /api/orgs/acme/members', 200, {
      items: [{ userId: 'ada', name: 'Ada', email: 'ada@example.com', role: 'owner', joinedAt: entry.at }],
    });
    fake.api.answer('GET /api/orgs/acme/audit', 200, { items: [entry] });
    fake.api.answer('GET /api/orgs/acme/audit?prompt=support-reply&actor=ada', 200, { items: [] });
    at('/orgs/acme/audit', '/orgs/:slug/audit', <AuditPage />);
    expect(await screen.findByText('production: v3 -> v4')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: ' support-reply ' } });
    await screen.findByRole('option', { name: 'Ada' });
    fireEvent.change(screen.getByLabelText('Person'), { target: { value: 'ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Nothing recorded for this filter yet.')).toBeVisible();
  });

  it('exports the filtered log with the page’s own credentials', async () => {
    fake.api.answer('GET /api/orgs/acme/audit', 200, { items: [entry] });
    fake.api.answer('GET /api/orgs/acme/audit?format=csv', 200, 'at,actor\n');
    at('/orgs/acme/audit', '/orgs/:slug/audit', <AuditPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(fake.api.requests.map((r) => r.path)).toContain('/api/orgs/acme/audit?format=csv'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells a non-admin that only admins see it, without the export buttons', async () => {
    fake.api.answer('GET /api/orgs/acme/audit', 403, { error: 'Your role does not allow this.' });
    at('/orgs/acme/audit', '/orgs/:slug/audit', <AuditPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only the organization’s owners and admins can see its audit log.',
    );
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(screen.getByRole('link', { name: /Back to the workspace/ })).toHaveAttribute('href', '/');
  });

  it('shows a non-member only the error and the way back, not the slug nor the filter', async () => {
    fake.api.answer('GET /api/orgs/acme/audit', 404, { error: 'This organization does not exist.' });
    at('/orgs/acme/audit', '/orgs/:slug/audit', <AuditPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This organization does not exist.');
    expect(screen.queryByRole('form', { name: 'Filter the audit log' })).toBeNull();
    expect(screen.queryByText(/acme/)).toBeNull();
    expect(screen.getByRole('link', { name: /Back to the workspace/ })).toBeVisible();
  });
});

describe('the shared version page', () => {
  const shared: SharedPrompt = {
    prompt: 'support-reply',
    version: {
      version: 4,
      text: 'Answer {{customer}} politely.',
      variables: ['customer'],
      message: 'Friendlier',
      createdBy: 'ada',
      createdAt: '2026-11-20T10:00:00.000Z',
      technique: 'few-shot',
      provider: 'openai',
      model: 'gpt-5-mini',
      options: { temperature: 0.2, language: 'English (US)', tone: 'Normal', maxTokens: 800 },
    },
    label: 'production',
    sharedBy: 'Ada',
    expiresAt: null,
  };

  it('shows the text, variables and configuration without signing in, and is not indexed', async () => {
    useAuthStore.setState({ status: 'signed-out', user: null });
    fake.api.answer('GET /api/shared/tok9', 200, shared);
    at('/s/tok9', '/s/:token', <SharedPage />);
    expect(await screen.findByRole('heading', { name: 'support-reply' })).toBeVisible();
    expect(screen.getByText('Answer {{customer}} politely.')).toBeVisible();
    expect(screen.getByText(/Version 4 · label production · shared by Ada/)).toBeVisible();
    expect(screen.getByText('{{customer}}')).toBeVisible();
    expect(screen.getByText('gpt-5-mini')).toBeVisible();
    expect(screen.getByText('0.2')).toBeVisible();
    // Every label capitalised like Technique and Model, whatever the option's key.
    for (const label of ['Temperature', 'Language', 'Tone', 'Max tokens'])
      expect(screen.getByText(label, { selector: 'dt' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeVisible();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    cleanup();
    await waitFor(() => expect(document.querySelector('meta[name="robots"]')).toBeNull());
  });

  it('says when a link was revoked or has expired', async () => {
    fake.api.answer('GET /api/shared/tok9', 410, { error: 'This share link was revoked: ask for a new one.' });
    at('/s/tok9', '/s/:token', <SharedPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This share link was revoked: ask for a new one.');
  });
});
