/** The accept rule keeps a version only when its held-out mean is higher AND the paired 95% interval excludes zero. */
import { describe, expect, it } from 'vitest';
import { decideKeep } from '../../src/prove/acceptRule';

describe('decideKeep', () => {
  it('a gain on every held-out case is kept', () => {
    const d = decideKeep([2, 2, 3, 2, 2], [4, 4, 5, 4, 4], 1);
    expect(d).toMatchObject({ kept: true, currentScore: 2.2, candidateScore: 4.2, diffLow: 2, diffHigh: 2 });
    expect(d.reason).toMatch(/^Kept: held-out mean 2.20 -> 4.20/);
  });

  it('an unchanged score (a neutral edit) is never kept', () => {
    const d = decideKeep([3, 4, 5, 2], [3, 4, 5, 2], 1);
    expect(d.kept).toBe(false);
    expect(d.reason).toBe('Not kept: held-out mean 3.50 does not beat 3.50.');
  });

  it('a higher mean whose interval includes zero is not kept (one lucky case of five)', () => {
    // The resample misses the one gain with probability (4/5)^5 = 0.33, far above 2.5%: low is 0.
    const d = decideKeep([3, 3, 3, 3, 3], [4, 3, 3, 3, 3], 5);
    expect(d.candidateScore).toBeGreaterThan(d.currentScore);
    expect(d.diffLow).toBe(0);
    expect(d.kept).toBe(false);
    expect(d.reason).toMatch(/includes zero/);
  });

  it('a worse candidate is not kept, even with a narrow interval', () => {
    expect(decideKeep([4, 4, 4, 4], [3, 3, 3, 3], 1)).toMatchObject({ kept: false, diffLow: -1, diffHigh: -1 });
  });

  it('gains and losses that cancel are not kept', () => {
    expect(decideKeep([3, 3, 3, 3, 3, 3], [4, 2, 4, 2, 4, 2], 3).kept).toBe(false);
  });

  it('with training scores: a held-out win must also raise the training mean', () => {
    const d = decideKeep([2, 2, 2, 2, 2], [3, 3, 3, 3, 3], 1, { current: [4, 4, 4], candidate: [3, 4, 4] });
    expect(d.kept).toBe(false);
    expect(d.reason).toBe('Not kept: held-out 2.00 -> 3.00, but the training mean did not rise (4.00 -> 3.67).');
    expect(decideKeep([2, 2, 2, 2, 2], [3, 3, 3, 3, 3], 1, { current: [4, 4, 4], candidate: [4, 4, 4] }).kept).toBe(false);
    expect(decideKeep([2, 2, 2, 2, 2], [3, 3, 3, 3, 3], 1, { current: [4, 4, 4], candidate: [4, 4, 5] }).kept).toBe(true);
  });
});
