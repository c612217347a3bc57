/** XP and levels (spec section 9). */
export const XP_PER_LEVEL = 200;

/** XP bands by score, highest first: 90+ -> 50, 80+ -> 40, 70+ -> 30, 60+ -> 20, 50+ -> 15, else 10. */
export const XP_BANDS: ReadonlyArray<{ minScore: number; xp: number }> = [
  { minScore: 90, xp: 50 },
  { minScore: 80, xp: 40 },
  { minScore: 70, xp: 30 },
  { minScore: 60, xp: 20 },
  { minScore: 50, xp: 15 },
];
export const XP_FLOOR = 10;

/** The most XP the rules can award for `runs` optimizations (every one in the top band): what an import may claim. */
export const maxXpForRuns = (runs: number): number => Math.max(0, runs) * XP_BANDS[0].xp;

export function xpForScore(score: number): number {
  for (const band of XP_BANDS) if (score >= band.minScore) return band.xp;
  return XP_FLOOR;
}

/** Level = floor(xp/200)+1; negative or non-finite xp counts as 0. */
export function levelForXp(xp: number): number {
  const safe = Number.isFinite(xp) && xp > 0 ? xp : 0;
  return Math.floor(safe / XP_PER_LEVEL) + 1;
}

/** The progress bar: xp mod 200 out of 200. */
export function levelProgress(xp: number): { current: number; max: 200 } {
  const safe = Number.isFinite(xp) && xp > 0 ? xp : 0;
  return { current: safe % XP_PER_LEVEL, max: XP_PER_LEVEL };
}
