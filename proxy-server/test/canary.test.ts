/** Who gets a canary: a steady share of ids, the same ids each time, and more of them (never others) as it grows. */
import { describe, expect, it } from 'vitest';
import { inCanary } from '../src/features/remotes/canary';

const ids = Array.from({ length: 20_000 }, (_, i) => `visitor:${i.toString(36)}`);

describe('canary share', () => {
  it.each([1, 5, 20, 50, 99])('%i percent of ids get it, within half a point', (percent) => {
    const share = (ids.filter((id) => inCanary('trial', id, percent)).length / ids.length) * 100;
    expect(Math.abs(share - percent)).toBeLessThan(0.5);
  });

  it('raising the share keeps everyone who had it; 100% is everyone', () => {
    const at20 = ids.filter((id) => inCanary('workspace', id, 20));
    expect(at20.every((id) => inCanary('workspace', id, 50))).toBe(true);
    expect(ids.every((id) => inCanary('workspace', id, 100))).toBe(true);
  });

  it('each remote draws its own share', () => {
    const both = ids.filter((id) => inCanary('trial', id, 50) && inCanary('progress', id, 50)).length;
    expect(Math.abs(both / ids.length - 0.25)).toBeLessThan(0.02);
  });
});
