/** [teams] The Save-as dialog says which space the prompt is saved in. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrgSummary } from '@prompt-perfect/core/api/orgs';
import { spaceStore } from '@prompt-perfect/shared/orgs/spaceStore';
import { SaveAsButton } from './SaveAsButton';

const acme: OrgSummary = { id: 'o1', slug: 'acme-support', name: 'Acme Support', role: 'editor' };
const version = () => ({ text: 'Reply kindly.' });

afterEach(() => {
  cleanup();
  spaceStore.setState({ activeOrg: null, orgs: [] });
});

const openDialog = () => {
  render(<SaveAsButton version={version} />);
  fireEvent.click(screen.getByRole('button', { name: 'Save as…' }));
  return screen.getByRole('dialog', { name: 'Save as a named prompt' });
};

describe('the Save-as dialog', () => {
  it('in an organization, names it and its tokens, not a personal one', () => {
    spaceStore.setState({ activeOrg: acme, orgs: [acme] });
    const dialog = openDialog();
    expect(dialog).toHaveAccessibleDescription(/^Saved in Acme Support, for its members\./);
    expect(dialog).toHaveAccessibleDescription(/an API token made in Acme Support\.$/);
    expect(dialog.textContent).not.toMatch(/personal/);
  });

  it('in the personal space, says so', () => {
    expect(openDialog()).toHaveAccessibleDescription(/^Saved in your personal space\..*a personal API token\.$/);
  });
});
