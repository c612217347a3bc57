import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AfterIdle } from './AfterIdle';

describe('AfterIdle', () => {
  it('renders nothing during start-up, then its children once the browser is idle', async () => {
    render(
      <AfterIdle>
        <p>achievement toasts</p>
      </AfterIdle>,
    );
    expect(screen.queryByText('achievement toasts')).toBeNull();
    expect(await screen.findByText('achievement toasts', undefined, { timeout: 4_000 })).toBeTruthy();
  });
});
