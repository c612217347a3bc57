import { describe, expect, it } from 'vitest';
import { levelForXp, levelProgress, XP_PER_LEVEL, xpForScore } from '../../src/progress/levels';

describe('xpForScore (spec section 9)', () => {
  it.each([
    [0, 10],
    [49, 10],
    [50, 15],
    [59, 15],
    [60, 20],
    [69, 20],
    [70, 30],
    [79, 30],
    [80, 40],
    [89, 40],
    [90, 50],
    [95, 50],
    [100, 50],
  ])('score %i -> %i xp', (score, xp) => expect(xpForScore(score)).toBe(xp));
});

describe('levelForXp = floor(xp/200)+1', () => {
  it('has 200 xp per level', () => expect(XP_PER_LEVEL).toBe(200));
  it.each([
    [0, 1],
    [199, 1],
    [200, 2],
    [399, 2],
    [400, 3],
    [800, 5],
    [1800, 10],
  ])('xp %i -> level %i', (xp, level) => expect(levelForXp(xp)).toBe(level));
  it('treats negative or non-finite xp as 0', () => {
    expect(levelForXp(-50)).toBe(1);
    expect(levelForXp(Number.NaN)).toBe(1);
  });
});

describe('levelProgress: xp mod 200 of 200', () => {
  it.each([
    [0, 0],
    [199, 199],
    [200, 0],
    [450, 50],
  ])('xp %i -> %i/200', (xp, current) => expect(levelProgress(xp)).toEqual({ current, max: 200 }));
});
