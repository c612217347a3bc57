import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findBadge } from '@prompt-perfect/core/progress/badges';
import { recordRun } from '@prompt-perfect/core/progress/recordRun';
import { pickStats, useStatsStore } from '@prompt-perfect/shared/stores/statsStore';

/** What the workspace does with the server's answer to a run: apply the progress it reports. */
const serverRecordsRun = (score: number, now = Date.now()) =>
  useStatsStore.getState().applyProgress(recordRun(pickStats(useStatsStore.getState()), score, now));
import AchievementToaster from './AchievementToaster';
import { ACHIEVEMENT_TOAST_GAP_MS, ACHIEVEMENT_TOAST_MS } from './toastTiming';

const status = () => screen.getByRole('status');

describe('AchievementToaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    useStatsStore.getState().resetStats();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('keeps an empty live region mounted while nothing is queued', () => {
    render(<AchievementToaster />);
    expect(status()).toHaveProperty('textContent', '');
    expect(status()).toHaveAttribute('aria-live', 'polite');
  });

  it('shows a newly earned badge for 5 s, then hides it and empties the queue', () => {
    render(<AchievementToaster />);
    act(() => {
      serverRecordsRun(40);
    });
    expect(status()).toHaveTextContent('First Steps');
    act(() => vi.advanceTimersByTime(ACHIEVEMENT_TOAST_MS - 100));
    expect(status()).toHaveTextContent('First Steps');
    act(() => vi.advanceTimersByTime(200));
    expect(status().textContent).toBe('');
    expect(useStatsStore.getState().achievementQueue).toHaveLength(0);
  });

  it('shows several badges earned at once one after another, none lost', () => {
    // 9 prompts so far, level 4 with 790 xp, 2-day streak yesterday: one run earns three badges.
    const yesterday = Date.now() - 24 * 60 * 60 * 1000;
    const firstSteps = { ...findBadge('first_prompt')!, earnedAt: yesterday };
    useStatsStore.setState({
      xp: 790,
      level: 4,
      totalPrompts: 9,
      streak: 2,
      lastActivity: yesterday,
      badges: [firstSteps],
    });
    render(<AchievementToaster />);
    act(() => {
      serverRecordsRun(40);
    });
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      seen.push(screen.getByText(/Getting Started|Rising Star|On Fire/).textContent!);
      act(() => vi.advanceTimersByTime(ACHIEVEMENT_TOAST_MS));
      expect(status().textContent).toBe('');
      act(() => vi.advanceTimersByTime(ACHIEVEMENT_TOAST_GAP_MS));
    }
    expect(seen).toEqual(['Getting Started', 'Rising Star', 'On Fire']);
    expect(status().textContent).toBe('');
  });

  it('stops its clock while hovered or focused, then resumes with the time it had left', () => {
    render(<AchievementToaster />);
    act(() => {
      serverRecordsRun(40);
    });
    const toast = screen.getByText('First Steps').closest('[data-achievement]')!;
    act(() => vi.advanceTimersByTime(3_000));
    fireEvent.pointerEnter(toast);
    act(() => vi.advanceTimersByTime(20_000));
    expect(status()).toHaveTextContent('First Steps');
    fireEvent.pointerLeave(toast);
    act(() => vi.advanceTimersByTime(ACHIEVEMENT_TOAST_MS - 3_000 - 100));
    expect(status()).toHaveTextContent('First Steps');
    fireEvent.focus(screen.getByRole('button', { name: 'Close achievement' }));
    act(() => vi.advanceTimersByTime(20_000));
    expect(status()).toHaveTextContent('First Steps');
    fireEvent.blur(screen.getByRole('button', { name: 'Close achievement' }));
    act(() => vi.advanceTimersByTime(200));
    expect(status().textContent).toBe('');
  });

  it('can be closed early, and the next toast gets its own full 5 s', () => {
    useStatsStore.setState({ xp: 790, level: 4, totalPrompts: 0 });
    render(<AchievementToaster />);
    act(() => {
      serverRecordsRun(40);
    });
    expect(status()).toHaveTextContent('First Steps');
    act(() => vi.advanceTimersByTime(3_000));
    fireEvent.click(screen.getByRole('button', { name: 'Close achievement' }));
    expect(status().textContent).toBe('');
    act(() => vi.advanceTimersByTime(ACHIEVEMENT_TOAST_GAP_MS));
    expect(status()).toHaveTextContent('Rising Star');
    act(() => vi.advanceTimersByTime(ACHIEVEMENT_TOAST_MS - 100));
    expect(status()).toHaveTextContent('Rising Star');
    act(() => vi.advanceTimersByTime(100));
    expect(status().textContent).toBe('');
  });

  it('does not restart the timer of the visible toast when more badges are queued behind it', () => {
    render(<AchievementToaster />);
    act(() => {
      serverRecordsRun(40);
    });
    act(() => vi.advanceTimersByTime(4_000));
    act(() => {
      useStatsStore.setState({ xp: 790, level: 4 });
      serverRecordsRun(40);
    });
    expect(status()).toHaveTextContent('First Steps');
    act(() => vi.advanceTimersByTime(1_000));
    expect(status().textContent).toBe('');
    act(() => vi.advanceTimersByTime(ACHIEVEMENT_TOAST_GAP_MS));
    expect(status()).toHaveTextContent('Rising Star');
  });
});
