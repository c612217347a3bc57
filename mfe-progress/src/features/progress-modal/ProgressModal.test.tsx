import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BADGES } from '@prompt-perfect/core/progress/badges';
import { recordRun } from '@prompt-perfect/core/progress/recordRun';
import { pickStats, useStatsStore } from '@prompt-perfect/shared/stores/statsStore';

/** What the workspace does with the server's answer to a run: apply the progress it reports. */
const serverRecordsRun = (score: number, now = Date.now()) =>
  useStatsStore.getState().applyProgress(recordRun(pickStats(useStatsStore.getState()), score, now));
import ProgressModal from './ProgressModal';

describe('ProgressModal', () => {
  beforeEach(() => {
    localStorage.clear();
    useStatsStore.getState().resetStats();
  });
  afterEach(cleanup);

  it('renders nothing while closed', () => {
    render(<ProgressModal open={false} onOpenChange={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows level, the XP bar (xp mod 200 of 200), prompts, streak and every badge as locked at first', () => {
    render(<ProgressModal open onOpenChange={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Your Progress' });
    expect(within(dialog).getByTestId('progress-level').textContent).toBe('1');
    const bar = within(dialog).getByRole('progressbar', { name: 'XP toward level 2' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '200');
    expect(within(dialog).getByTestId('progress-streak').textContent).toBe('0 days');
    const items = dialog.querySelectorAll('[data-badge]');
    expect(items).toHaveLength(BADGES.length);
    for (const badge of BADGES) {
      const item = dialog.querySelector(`[data-badge="${badge.id}"]`)!;
      expect(item).toHaveTextContent(badge.name);
      expect(item).toHaveTextContent(badge.requirement);
      expect(item).toHaveTextContent('Locked');
    }
    expect(within(dialog).getByText(/No achievements yet/)).toBeVisible();
  });

  it('updates live from the shared store and lists the last 5 achievements, newest first', () => {
    render(<ProgressModal open onOpenChange={() => {}} />);
    const day = 24 * 60 * 60 * 1000;
    const start = new Date(2026, 0, 1, 12).getTime();
    // Six badges earned on six different days.
    act(() => {
      useStatsStore.setState({ totalPrompts: 9, xp: 790, level: 4 });
      serverRecordsRun(95, start); // First Steps, Getting Started, Rising Star
      useStatsStore.setState({ totalPrompts: 49 });
      serverRecordsRun(95, start + day); // Prompt Master, streak 2
      serverRecordsRun(95, start + 2 * day); // On Fire (streak 3)
      useStatsStore.setState({ totalPrompts: 99 });
      serverRecordsRun(95, start + 3 * day); // Prompt Legend
    });
    const state = useStatsStore.getState();
    const dialog = screen.getByRole('dialog', { name: 'Your Progress' });
    expect(within(dialog).getByTestId('progress-level').textContent).toBe(String(state.level));
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(state.xp % 200));
    expect(within(dialog).getByTestId('progress-total-prompts').textContent).toBe('100');
    expect(within(dialog).getByTestId('progress-streak').textContent).toBe('4 days');

    const recent = within(dialog).getByRole('list', { name: 'Recent achievements' });
    const names = within(recent)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('span:nth-child(2) > span')!.textContent);
    expect(names).toEqual(['Prompt Legend', 'On Fire', 'Prompt Master', 'Rising Star', 'Getting Started']);
    expect(dialog.querySelector('[data-badge="level_5"]')).toHaveAttribute('data-earned', 'true');
    expect(dialog.querySelector('[data-badge="level_10"]')).toHaveAttribute('data-earned', 'false');
  });

  it('asks to close on Escape and on the Close button', () => {
    const onOpenChange = vi.fn();
    render(<ProgressModal open onOpenChange={onOpenChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    onOpenChange.mockClear();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

/** A page with its own Stats button that opens the modal, as the shell's header does. */
function Host() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} data-progress-trigger>
        Stats
      </button>
      <ProgressModal open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('ProgressModal focus return', () => {
  afterEach(cleanup);

  it('gives focus back to the element that opened it (a button outside any Dialog.Trigger)', async () => {
    render(<Host />);
    const stats = screen.getByRole('button', { name: 'Stats' });
    stats.focus();
    fireEvent.click(stats);
    const dialog = screen.getByRole('dialog', { name: 'Your Progress' });
    await act(async () => {});
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await act(async () => {});
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(stats);
  });
});
