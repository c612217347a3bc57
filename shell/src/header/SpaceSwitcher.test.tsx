import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrgSummary } from '@prompt-perfect/core/api/orgs';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { applyOrgs, chooseSpace, clearSpace } from '@prompt-perfect/shared/orgs/chosenSpace';
import { spaceStore } from '@prompt-perfect/shared/orgs/spaceStore';
import { SpaceSwitcher } from './SpaceSwitcher';
import { pageOnFakeApi } from '@prompt-perfect/test-support/fakes/pageOnFakeApi';

const acme: OrgSummary = { id: 'o1', slug: 'acme', name: 'Acme', role: 'admin' };
const globex: OrgSummary = { id: 'o2', slug: 'globex', name: 'Globex', role: 'viewer' };

const fake = pageOnFakeApi();
beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({
    status: 'signed-in',
    user: { id: 'ada', name: 'Ada', email: 'ada@example.com', source: 'local' },
  });
  applyOrgs('ada', [acme, globex]);
});
afterEach(() => {
  cleanup();
  clearSpace();
});

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

const renderSwitcher = () =>
  render(
    <MemoryRouter>
      <SpaceSwitcher />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

const trigger = () => screen.getByRole('button', { name: /^Space:/ });
const key = (target: Element, name: string) => act(() => fireEvent.keyDown(target, { key: name }));

describe('the space switcher', () => {
  it('names the current space: Personal, or the organization and the role', () => {
    renderSwitcher();
    expect(trigger()).toHaveAccessibleName('Space: Personal');
    act(() => spaceStore.setState({ activeOrg: acme }));
    expect(trigger()).toHaveAccessibleName('Space: Acme, admin');
  });

  it('keeps a long name whole in its title and accessible name, for a button that shows it cut short', () => {
    const long: OrgSummary = {
      id: 'o9',
      slug: 'emea',
      name: 'Acme Customer Support Operations EMEA Division',
      role: 'owner',
    };
    applyOrgs('ada', [long]);
    spaceStore.setState({ activeOrg: long });
    renderSwitcher();
    expect(trigger()).toHaveAccessibleName(`Space: ${long.name}, owner`);
    expect(trigger()).toHaveAttribute('title', `${long.name}, owner`);
  });

  it('says "You joined …" once when an invitation adds an organization, and nothing on a plain switch', () => {
    renderSwitcher();
    const status = () => screen.getAllByRole('status').find((el) => el.tagName === 'P');
    act(() => chooseSpace('ada', globex));
    expect(status()).toHaveTextContent(/^$/);
    const initech: OrgSummary = { id: 'o3', slug: 'initech', name: 'Initech', role: 'editor' };
    // As the invitation page does: reload the list, then choose the organization joined.
    act(() => {
      applyOrgs('ada', [acme, globex, initech]);
      chooseSpace('ada', initech);
    });
    expect(status()).toHaveTextContent('You joined Initech.');
    expect(spaceStore.getState().arrived).toBeUndefined();
  });

  it('is operated from the keyboard: arrows move, Enter picks, the choice is remembered', async () => {
    renderSwitcher();
    key(trigger(), 'ArrowDown');
    const menu = screen.getByRole('menu', { name: 'Switch space' });
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitemradio', { name: /Personal/ })).toHaveFocus();
    expect(screen.getByRole('menuitemradio', { name: /Personal/ })).toHaveAttribute('aria-checked', 'true');
    key(menu, 'ArrowDown');
    key(menu, 'ArrowDown');
    const globexItem = screen.getByRole('menuitemradio', { name: /Globex/ });
    expect(globexItem).toHaveFocus();
    act(() => fireEvent.click(globexItem));
    expect(spaceStore.getState().activeOrg).toEqual(globex);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger()).toHaveFocus();
    // Remembered for the next visit.
    clearSpace();
    applyOrgs('ada', [acme, globex]);
    expect(spaceStore.getState().activeOrg).toEqual(globex);
  });

  it('wraps around, jumps with Home and End, and Escape closes back to the button', () => {
    renderSwitcher();
    key(trigger(), 'ArrowUp');
    const menu = screen.getByRole('menu');
    expect(screen.getByRole('menuitem', { name: /Create organization/ })).toHaveFocus();
    key(menu, 'ArrowDown');
    expect(screen.getByRole('menuitemradio', { name: /Personal/ })).toHaveFocus();
    key(menu, 'End');
    expect(screen.getByRole('menuitem', { name: /Create organization/ })).toHaveFocus();
    key(menu, 'Home');
    expect(screen.getByRole('menuitemradio', { name: /Personal/ })).toHaveFocus();
    key(menu, 'Escape');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger()).toHaveFocus();
  });

  it('links the active organization’s members and, for admins, its audit log', () => {
    spaceStore.setState({ activeOrg: acme });
    renderSwitcher();
    act(() => fireEvent.click(trigger()));
    act(() => fireEvent.click(screen.getByRole('menuitem', { name: 'Members' })));
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/orgs/acme/members');
    act(() => spaceStore.setState({ activeOrg: globex }));
    act(() => fireEvent.click(trigger()));
    expect(screen.getByRole('menuitem', { name: 'Members' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Audit log' })).toBeNull();
  });

  it('offers no organization links in the personal space', () => {
    renderSwitcher();
    act(() => fireEvent.click(trigger()));
    expect(screen.queryByRole('menuitem', { name: 'Members' })).toBeNull();
  });
});

describe('creating an organization', () => {
  const openCreate = async () => {
    renderSwitcher();
    act(() => fireEvent.click(trigger()));
    act(() => fireEvent.click(screen.getByRole('menuitem', { name: 'Create organization…' })));
    return screen.findByRole('dialog', { name: 'Create organization' });
  };
  const submit = () => act(() => fireEvent.click(screen.getByRole('button', { name: 'Create organization' })));

  it('says what is wrong with the name inline and sends nothing', async () => {
    await openCreate();
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a name for the organization.');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'x'.repeat(81) } });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Use at most 80 characters.');
    expect(fake.api.requests).toEqual([]);
  });

  it('shows the server’s message inline and keeps the dialog open', async () => {
    fake.api.answer('POST /api/orgs', 409, { error: 'You already have an organization named Acme.' });
    await openCreate();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Acme' } });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have an organization named Acme.');
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(spaceStore.getState().activeOrg).toBeNull();
  });

  it('creates it, closes and switches to it', async () => {
    const initech: OrgSummary = { id: 'o3', slug: 'initech', name: 'Initech', role: 'owner' };
    fake.api.answer('POST /api/orgs', 201, initech);
    await openCreate();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Initech ' } });
    submit();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.api.requests).toEqual([{ method: 'POST', path: '/api/orgs', body: { name: 'Initech' } }]);
    expect(spaceStore.getState().activeOrg).toEqual(initech);
    expect(trigger()).toHaveAccessibleName('Space: Initech, owner');
    expect(screen.getAllByRole('status').find((el) => el.tagName === 'P')).toHaveTextContent(
      'Created Initech. You are working in it now.',
    );
  });
});
