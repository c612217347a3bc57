/**
 * Remembers what `read` made of the last few texts. The rules run one after another on one prompt and
 * several read it the same way (its sentences, its fenced data): on a long prompt each reading is a pass
 * over the whole text, so it is done once. A small text (a line, a sentence) read in between does not
 * push the prompt out. The results are shared: callers must not change them (they are typed readonly).
 */
export function lastTexts<T>(read: (text: string) => T, size = 4): (text: string) => T {
  const recent: Array<{ text: string; value: T }> = [];
  return (text) => {
    const i = recent.findIndex((r) => r.text === text);
    if (i >= 0) return recent[i].value;
    const value = read(text);
    recent.unshift({ text, value });
    if (recent.length > size) recent.pop();
    return value;
  };
}
