/**
 * Applies a fix through the browser's own editing (execCommand), so the box's undo history records it
 * and Ctrl+Z takes it back like any typed edit. Returns false where the browser cannot, and the caller
 * sets the value itself.
 */
export function applyFixInBox(
  area: HTMLTextAreaElement,
  fix: { start: number; end: number; text: string },
  expected: string,
): boolean {
  if (typeof document.execCommand !== 'function') return false;
  area.focus();
  area.setSelectionRange(fix.start, fix.end);
  // insertText with '' does nothing in some browsers: a deletion is a delete.
  const done = fix.text === '' ? document.execCommand('delete') : document.execCommand('insertText', false, fix.text);
  return done && area.value === expected;
}
