/**
 * The linter's memos of recent prompts (the last text's slots and example sections, sentences read,
 * words folded) make typing in the browser cheap. On a server they would keep one user's prompt text
 * for the next request: a server clears them after each call with `forgetPrompts` (see
 * proxy-server's lint runner). Each memo registers how to clear itself here.
 */
const clears: Array<() => void> = [];

/** Registers a memo's clear function (called once, where the memo is made). */
export function remembersPrompts(clear: () => void): void {
  clears.push(clear);
}

/** Empties every memo of prompt text. */
export function forgetPrompts(): void {
  for (const clear of clears) clear();
}
