import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFavoritesStore } from '@prompt-perfect/shared/stores/favoritesStore';
import { useStatsStore } from '@prompt-perfect/shared/stores/statsStore';
import WorkspaceApp from '../App';
import { perfect } from '../state/actions';
import { useProvidersStore } from '../state/providersStore';
import { useSettingsStore } from '@prompt-perfect/shared/stores/settingsStore';
import { createInitialState, useWorkspaceStore } from '../state/workspaceStore';
import { OutputPane } from './output';

const ws = () => useWorkspaceStore.getState();

beforeEach(() => {
  useWorkspaceStore.setState(createInitialState());
  useSettingsStore.setState({ aiEnabled: null });
  useProvidersStore.setState({ status: 'idle', configured: {} });
  useStatsStore.getState().resetStats();
  useFavoritesStore.setState({ favorites: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('output pane', () => {
  it('announces a short status line, not the whole prompt (no aria-live on the output)', () => {
    render(<OutputPane continueBuilding={null} />);
    const region = screen.getByRole('region', { name: 'Output' });
    expect(region.getAttribute('aria-live')).toBeNull();
    expect(region.closest('[aria-live]')).toBeNull();
    const status = screen.getByTestId('workspace-run-status');
    expect(status).toHaveAttribute('role', 'status');
    expect(status.textContent).toBe('');

    act(() => ws().set({ busy: true }));
    expect(status.textContent).toBe('');
    act(() => ws().set({ busy: false, output: { text: '# A very long prompt\n\nwith many lines', error: false } }));
    expect(status.textContent).toBe('Your optimized prompt is ready.');
    expect(status.className).toContain('visually-hidden');
    act(() => ws().set({ output: { text: 'Error: Please enter a prompt to optimize.', error: true } }));
    expect(status.textContent).toBe('Error: Please enter a prompt to optimize.');
  });

  it('Copy shows Copied and announces it politely; a refused clipboard says so', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    useWorkspaceStore.setState({ output: { text: 'Optimized.', error: false }, outputSource: 'x' });
    render(<OutputPane continueBuilding={null} />);
    const status = screen.getByTestId('workspace-copy-status');
    expect(status).toHaveAttribute('role', 'status');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await screen.findByRole('button', { name: 'Copied' });
    expect(writeText).toHaveBeenCalledWith('Optimized.');
    expect(status.textContent).toBe('Copied to clipboard');

    writeText.mockRejectedValueOnce(new Error('denied'));
    fireEvent.click(screen.getByRole('button', { name: 'Copied' }));
    await waitFor(() => expect(status.textContent).toBe('Could not copy. Select the text and copy it by hand.'));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeVisible();
  });
});

describe('workspace app', () => {
  it('unmounting (sign-out) cancels a Perfect in flight: nothing written, no stats', async () => {
    let answer!: (r: Response) => void;
    const signals: Array<AbortSignal | null | undefined> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (url === '/api/providers')
          return Promise.resolve(new Response(JSON.stringify({ providers: [] }), { status: 200 }));
        signals.push(init?.signal);
        return new Promise<Response>((r) => (answer = r));
      }),
    );
    const view = render(<WorkspaceApp />);
    ws().set({ input: 'write a haiku' });
    const run = perfect();
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    view.unmount();
    expect(signals[0]?.aborted).toBe(true);
    answer(new Response(JSON.stringify({ text: 'Late.' }), { status: 200 }));
    await run;
    expect(ws().output).toBeNull();
    expect(ws().busy).toBe(false);
    expect(useStatsStore.getState().totalPrompts).toBe(0);
  });
});

describe('issue 46 in the output pane', () => {
  it('a stopped run is announced as stopped, never as ready, and its text is marked Stopped', () => {
    render(<OutputPane continueBuilding={null} />);
    const status = screen.getByTestId('workspace-run-status');
    act(() =>
      ws().set({
        output: { text: 'Earlier result.', error: false },
        stoppedOutput: { text: 'Half an answer', error: false, stopped: true },
      }),
    );
    expect(status.textContent).toMatch(/^Stopped\./);
    const stopped = screen.getByTestId('workspace-stopped-output');
    expect(stopped.textContent).toContain('Stopped');
    expect(stopped.textContent).toContain('your earlier result above stays the result');
    expect(screen.getByRole('region', { name: 'Output' }).textContent).toContain('Earlier result.');
  });

  it('says when the result was made from an earlier prompt', () => {
    render(<OutputPane continueBuilding={null} />);
    act(() => ws().set({ input: 'tea', outputSource: 'tea', output: { text: 'About tea.', error: false } }));
    expect(screen.queryByTestId('workspace-output-out-of-date')).toBeNull();
    act(() => ws().set({ input: 'coffee' }));
    expect(screen.getByTestId('workspace-output-out-of-date').textContent).toMatch(/^Made from an earlier prompt/);
  });

  it('brings the output into view when a run starts, at once under reduced motion', () => {
    const scrolled: ScrollIntoViewOptions[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation((options) => {
      scrolled.push(options as ScrollIntoViewOptions);
    });
    // Below the window: not in view.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 5_000, 600, 300));
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    render(<OutputPane continueBuilding={null} />);
    act(() => ws().set({ busy: true }));
    expect(scrolled).toEqual([{ block: 'start', behavior: 'auto' }]);
  });
});
