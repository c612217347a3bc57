import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFavoritesStore } from '@prompt-perfect/shared/stores/favoritesStore';
import { useStatsStore } from '@prompt-perfect/shared/stores/statsStore';
import { perfect } from '../../state/actions';
import { useProvidersStore } from '../../state/providersStore';
import { useSettingsStore } from '@prompt-perfect/shared/stores/settingsStore';
import { createInitialState, useWorkspaceStore } from '../../state/workspaceStore';
import { FavoritesTab } from './FavoritesTab';

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

describe('favorites tab', () => {
  function seed(n: number) {
    useFavoritesStore.setState({
      favorites: Array.from({ length: n }, (_, i) => ({
        id: 1000 + i,
        originalPrompt: `Original ${i}`,
        optimizedPrompt: `Optimized ${i}`,
        technique: 'zero-shot' as const,
        language: 'English' as const,
        tone: 'Normal' as const,
        createdAt: new Date(2025, 0, 1).toISOString(),
        score: 50,
      })),
    });
  }
  const buttonsNamedUse = () => screen.queryAllByRole('button', { name: 'Use' });
  const removeButtons = () => screen.queryAllByRole('button', { name: 'Remove' });
  const description = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby')!)?.textContent;

  it('Use and Remove keep their visible names and are described by the item preview', () => {
    seed(2);
    render(<FavoritesTab onUsed={() => {}} />);
    expect(buttonsNamedUse().map(description)).toEqual(['Original 0', 'Original 1']);
    expect(removeButtons().map(description)).toEqual(['Original 0', 'Original 1']);
  });

  it('after Remove focus moves to the next Use button, then the previous, then the empty state', () => {
    seed(3);
    render(<FavoritesTab onUsed={() => {}} />);
    removeButtons()[1].focus();
    fireEvent.click(removeButtons()[1]);
    expect(buttonsNamedUse()).toHaveLength(2);
    expect(document.activeElement).toBe(buttonsNamedUse()[1]);
    expect(description(document.activeElement as HTMLElement)).toBe('Original 2');

    fireEvent.click(removeButtons()[1]); // the last one: focus goes to the previous item
    expect(document.activeElement).toBe(buttonsNamedUse()[0]);
    expect(description(document.activeElement as HTMLElement)).toBe('Original 0');

    fireEvent.click(removeButtons()[0]);
    expect(document.activeElement).toHaveTextContent('No favorites yet.');
    expect(document.activeElement).not.toBe(document.body);
  });

  it('Use restores the favorite and cancels a run in flight', async () => {
    seed(1);
    let answer!: (r: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url === '/api/providers'
          ? Promise.resolve(new Response(JSON.stringify({ providers: [] }), { status: 200 }))
          : new Promise<Response>((r) => (answer = r)),
      ),
    );
    ws().set({ input: 'something else' });
    const run = perfect();
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    const onUsed = vi.fn();
    render(<FavoritesTab onUsed={onUsed} />);
    fireEvent.click(buttonsNamedUse()[0]);
    expect(onUsed).toHaveBeenCalled();
    answer(new Response(JSON.stringify({ text: 'Late.' }), { status: 200 }));
    await run;
    expect(ws().output).toEqual({ text: 'Optimized 0', error: false });
    expect(ws().input).toBe('Original 0');
    expect(ws().busy).toBe(false);
    expect(useStatsStore.getState().totalPrompts).toBe(0);
  });
});
