/**
 * A preview of at most `max` characters (plus the ellipsis) that ends at a word boundary: a
 * preview cut mid-word ("the prom...") reads as a typo. A single word longer than the preview
 * is cut where it must be.
 */
export function clipAtWord(text: string, max: number, ellipsis = '…'): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max + 1);
  const lastSpace = head.search(/\s\S*$/);
  const cut = lastSpace > 0 ? head.slice(0, lastSpace) : text.slice(0, max);
  return `${cut.replace(/[\s,;:.!?-]+$/, '')}${ellipsis}`;
}
