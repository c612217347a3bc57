import { describe, expect, it } from 'vitest';
import { menuAlignment } from './menuAlignment';

describe('menuAlignment', () => {
  it('lines the menu up with the right edge of a button that has room to its left', () => {
    expect(menuAlignment({ left: 900, right: 1100 }, 320, 1280)).toBe('end');
  });

  it('grows rightwards from a button near the left edge, so the menu never starts off-screen', () => {
    // The reviewer's case: a 256 px button at x = 24, a 320 px menu would start at x = -40.
    expect(menuAlignment({ left: 24, right: 280 }, 320, 1280)).toBe('start');
  });

  it('keeps the right edge when neither side has room (the narrow-screen styles take over)', () => {
    expect(menuAlignment({ left: 60, right: 200 }, 320, 320)).toBe('end');
  });
});
