import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AfterIdle } from './AfterIdle';

describe('AfterIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders nothing during start-up, then its children once the browser is idle', () => {
    render(
      <AfterIdle>
        <p>achievement toasts</p>
      </AfterIdle>,
    );
    expect(screen.queryByText('achievement toasts')).not.toBeInTheDocument();
    act(() => {
      vi.runAllTimers();
    });
    expect(screen.getByText('achievement toasts')).toBeVisible();
  });
});
