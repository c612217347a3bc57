import { within, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRIAL_STORAGE_KEY } from '@prompt-perfect/core/trial';
import { useTrialStore } from '@prompt-perfect/shared/stores/trialStore';
import TrialApp from './App';

/**
 * The visitor page with the network down (fetch rejects, as a browser's does offline). Everything
 * the page does with a real server is tested end to end against the real proxy-server and a fake
 * provider (e2e/trial.spec.ts, e2e/stream.spec.ts).
 */
const promptBox = () => screen.getByRole('textbox', { name: 'Your prompt' });
const perfect = () => screen.getByRole('button', { name: 'Perfect' });

describe('TrialApp', () => {
  beforeEach(() => {
    localStorage.clear();
    useTrialStore.setState({ count: 0, serverRemaining: null });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("an unreachable server shows the spec's trial fallback message and does not count", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    render(<TrialApp onRequestSignIn={() => {}} />);
    fireEvent.change(promptBox(), { target: { value: 'dinner ideas' } });
    fireEvent.click(perfect());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByTestId('trial-output').textContent).toBe(
      'Error: Sorry, there was an error optimizing your prompt. Please try again later or contact support.',
    );
    expect(alert).toHaveTextContent('This run did not use one of your free runs.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(localStorage.getItem(TRIAL_STORAGE_KEY)).toBeNull();
  });
});
