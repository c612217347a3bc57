import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInitialState, useWorkspaceStore } from '../../state/workspaceStore';
import { OutputCheck } from './OutputCheck';

beforeEach(() => useWorkspaceStore.setState(createInitialState()));
afterEach(cleanup);

describe('the optimized prompt check', () => {
  it('is what Test Prompt sends: a {{variable}} without a test value is an error there, gone once it has one', async () => {
    const text = 'Write a welcome email to {{name}} in 3 sentences, in a warm tone.';
    useWorkspaceStore.setState({ outputSource: 'welcome email to {{name}}', variables: { name: '' } });
    const { rerender } = render(<OutputCheck text={text} />);
    const strip = await screen.findByRole('region', { name: 'Prompt check of the optimized prompt' });
    await within(strip).findByText('1 finding');
    const item = within(strip).getByRole('listitem');
    expect(item).toHaveAttribute('data-severity', 'error');
    expect(item).toHaveTextContent('{{name}} has no value: Test Prompt would send it as written.');

    useWorkspaceStore.setState({ variables: { name: 'Ada' } });
    rerender(<OutputCheck text={text} />);
    await within(strip).findByText('No issues found');
  });
});
