import { remembersPrompts } from './promptMemory';

/**
 * Remembers what `read` made of the sentences of the last prompts, by their text. While the author types,
 * each check sees a prompt that differs from the last in one sentence: the others are read again from
 * memory. Two generations of at most `size` sentences each keep the memory bounded; a sentence read in
 * the older one moves to the newer. The results are shared: callers must not change them.
 */
export function recentSentences<T>(read: (sentence: string) => T, size = 4000): (sentence: string) => T {
  let newer = new Map<string, T>();
  let older = new Map<string, T>();
  remembersPrompts(() => {
    newer = new Map();
    older = new Map();
  });
  return (sentence) => {
    let value = newer.get(sentence);
    if (value !== undefined) return value;
    value = older.get(sentence) ?? read(sentence);
    if (newer.size >= size) {
      older = newer;
      newer = new Map();
    }
    newer.set(sentence, value);
    return value;
  };
}
