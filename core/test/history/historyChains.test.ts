import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/api/account';
import { chainTask, firstLines, groupChains, versionNumber } from '../../src/history/historyChains';

let clock = Date.UTC(2026, 10, 1);
function entry(id: number, kind: 'perfect' | 'continue', chainId: number, input: string): HistoryEntry {
  clock += 60_000;
  return {
    id,
    kind,
    input,
    output: `Output ${id}`,
    provider: 'openai',
    model: 'gpt-4o-mini',
    options: { technique: 'zero-shot', language: 'English', tone: 'Normal' },
    refines: kind === 'continue' ? id - 1 : null,
    chainId,
    createdAt: new Date(clock).toISOString(),
    stopped: false,
  };
}

describe('history chains', () => {
  // Two prompts: chain 1 refined twice, chain 4 started later and refined once after chain 1's last change.
  const a1 = entry(1, 'perfect', 1, 'write a poem');
  const a2 = entry(2, 'continue', 1, 'make it rhyme');
  const b4 = entry(4, 'perfect', 4, 'plan a trip');
  const a3 = entry(3, 'continue', 1, 'shorter');
  const b5 = entry(5, 'continue', 4, 'add a budget');
  const newestFirst = [b5, a3, b4, a2, a1];

  it('groups versions by chain, newest first, the most recently changed chain first', () => {
    const chains = groupChains(newestFirst);
    expect(chains.map((c) => c.chainId)).toEqual([4, 1]);
    expect(chains[1].versions.map((v) => v.id)).toEqual([3, 2, 1]);
  });

  it('numbers versions from the Perfect that started the chain and finds its task', () => {
    const [, poem] = groupChains(newestFirst);
    expect(poem.versions.map((v) => versionNumber(poem, v))).toEqual([3, 2, 1]);
    expect(chainTask(poem)).toBe('write a poem');
  });

  it('pages that overlap do not duplicate a version; a chain whose start is on a later page still has a task', () => {
    const chains = groupChains([b5, a3, a3, b4]);
    expect(chains.find((c) => c.chainId === 1)!.versions).toHaveLength(1);
    expect(chainTask(chains.find((c) => c.chainId === 1)!)).toBe('shorter');
  });

  it('shows the first lines of a text, shortened', () => {
    expect(firstLines('\n  Role: editor\n\nTask: fix\nMore')).toBe('Role: editor Task: fix');
    expect(firstLines('x'.repeat(200))).toBe(`${'x'.repeat(160)}…`);
  });
});
