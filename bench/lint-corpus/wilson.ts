/** The 95% Wilson score interval for a proportion k/n: honest at small n and at 0 or 1, unlike k/n ± 1.96·se. */
const Z = 1.959964;

export function wilson(k: number, n: number): [number, number] | undefined {
  if (n === 0) return undefined;
  const p = k / n;
  const z2 = Z * Z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
