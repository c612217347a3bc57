import { describe, expect, it } from 'vitest';
import {
  parseTrialCount,
  serializeTrialCount,
  TRIAL_LIMIT,
  TRIAL_STORAGE_KEY,
  trialRemaining,
  trialsExhausted,
  validateVisitorPrompt,
} from '../src/trial';

describe('trial counter (spec sections 4, 9)', () => {
  it('limit 10 under the key promptTrialCount', () => {
    expect(TRIAL_LIMIT).toBe(10);
    expect(TRIAL_STORAGE_KEY).toBe('promptTrialCount');
  });
  it.each([
    [0, 10],
    [1, 9],
    [9, 1],
    [10, 0],
    [11, 0],
    [500, 0],
    [-3, 10],
    [Number.NaN, 10],
  ])('count %s -> remaining %i', (count, remaining) => expect(trialRemaining(count)).toBe(remaining));
  it('is exhausted at 10, not at 9', () => {
    expect(trialsExhausted(9)).toBe(false);
    expect(trialsExhausted(10)).toBe(true);
  });
  it.each([
    [null, 0],
    ['', 0],
    ['0', 0],
    ['3', 3],
    [' 7 ', 7],
    ['10', 10],
    ['12', 12],
    ['-2', 0],
    ['abc', 0],
    ['2.5', 0],
    ['1e3', 0],
    ['NaN', 0],
    ['Infinity', 0],
    ['"4"', 0],
    ['99999999999', 0],
  ])('parseTrialCount(%j) -> %i', (raw, count) => expect(parseTrialCount(raw)).toBe(count));
  it('serializes as a plain integer string', () => {
    expect(serializeTrialCount(3)).toBe('3');
    expect(serializeTrialCount(-1)).toBe('0');
  });
  it("visitor validation: 'Please enter a prompt to optimize' (no period) for empty or whitespace", () => {
    expect(validateVisitorPrompt('')).toBe('Please enter a prompt to optimize');
    expect(validateVisitorPrompt('  \n\t ')).toBe('Please enter a prompt to optimize');
    expect(validateVisitorPrompt(null)).toBe('Please enter a prompt to optimize');
    expect(validateVisitorPrompt(' write a poem ')).toBeNull();
  });
});
