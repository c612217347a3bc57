/**
 * Remembers what `read` made of the last few long texts. The rules run one after another on one prompt
 * and several read it the same way (its sentences, its fenced data): on a long prompt each reading is a
 * pass over the whole text, so it is done once. Short texts (a line, a sentence) are cheap to read and
 * are not remembered, so reading many of them in between does not push the prompt out. The results are
 * shared: callers must not change them (they are typed readonly).
 */
const REMEMBERED_FROM = 1000;
/** Long texts remembered per reader: the prompt and a few long parts of it read in between stay in. */
const REMEMBERED = 4;

export function lastTexts<T>(read: (text: string) => T): (text: string) => T {
  const recent: Array<{ text: string; value: T }> = [];
  return (text) => {
    if (text.length < REMEMBERED_FROM) return read(text);
    const hit = recent.find((r) => r.text === text);
    if (hit) return hit.value;
    const value = read(text);
    recent.unshift({ text, value });
    if (recent.length > REMEMBERED) recent.pop();
    return value;
  };
}
