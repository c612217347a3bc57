/**
 * A pattern's matches in a long prompt without running it over the whole text. Many patterns can only
 * match on a line holding one of a few words ("under 50 words" needs "under" on its line) and only
 * from the start of a word, so the words of each line are found once per prompt and the pattern is
 * tried, anchored, at each word start of those lines. The matches are exactly those of
 * `text.matchAll(re)`, provided the caller's promise below holds.
 */

/** Per prompt: where each word (a run of ASCII letters) starts, each line's first word, and the lines of the words asked about. */
export interface LineWords {
  wordStarts: number[];
  /** Index into wordStarts of each line's first word; one extra entry closes the last line. */
  lineFirstWord: number[];
  linesOf: Map<string, number[]>;
}

const isLetter = (code: number) => (code | 32) >= 97 && (code | 32) <= 122;
const NEWLINE = 10;

/** A word's hash, as lineWords computes it while reading the word, letters lowercased. */
function hashOf(word: string): number {
  let hash = 0;
  for (let i = 0; i < word.length; i++) hash = (hash * 31 + (word.charCodeAt(i) | 32)) | 0;
  return hash;
}

const askedByHash = new WeakMap<ReadonlySet<string>, Map<number, string>>();
function byHash(asked: ReadonlySet<string>): Map<number, string> {
  let out = askedByHash.get(asked);
  if (!out) {
    out = new Map();
    for (const word of asked) {
      const other = out.get(hashOf(word));
      if (other !== undefined) throw new Error(`lead words "${word}" and "${other}" share a hash`);
      out.set(hashOf(word), word);
    }
    askedByHash.set(asked, out);
  }
  return out;
}

/**
 * The words of `text`, noting the lines of those in `asked` (lowercase, distinct hashes) only. A
 * character loop hashing each word as it goes: slicing every word, or a regex pass allocating a match
 * per word, costs more than the patterns it spares.
 */
export function lineWords(text: string, asked: ReadonlySet<string>): LineWords {
  const hashed = byHash(asked);
  const wordStarts: number[] = [];
  const lineFirstWord = [0];
  const linesOf = new Map<string, number[]>();
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === NEWLINE) lineFirstWord.push(wordStarts.length);
    if (!isLetter(code)) {
      i++;
      continue;
    }
    const start = i;
    let hash = 0;
    for (let c = code; i < text.length && isLetter(c); c = text.charCodeAt(++i)) hash = (hash * 31 + (c | 32)) | 0;
    wordStarts.push(start);
    const word = hashed.get(hash);
    if (word === undefined || i - start !== word.length || text.slice(start, i).toLowerCase() !== word) continue;
    const line = lineFirstWord.length - 1;
    const lines = linesOf.get(word);
    if (!lines) linesOf.set(word, [line]);
    else if (lines[lines.length - 1] !== line) lines.push(line);
  }
  lineFirstWord.push(wordStarts.length);
  return { wordStarts, lineFirstWord, linesOf };
}

/** The lines holding any of the words, ascending. */
function linesWithAny(words: LineWords, leads: readonly string[]): number[] {
  const out = new Set<number>();
  for (const lead of leads) for (const line of words.linesOf.get(lead) ?? []) out.add(line);
  return [...out].sort((a, b) => a - b);
}

const STICKY = new WeakMap<RegExp, RegExp>();
function sticky(re: RegExp): RegExp {
  let out = STICKY.get(re);
  if (!out) {
    out = new RegExp(re.source, `${re.flags}y`);
    STICKY.set(re, out);
  }
  return out;
}

/**
 * The matches of global `re` in `text`, in order and without overlap as `matchAll` gives them. The
 * caller promises that every match starts with an ASCII letter at a word start, on a line holding one
 * of `leads` (lowercase) as a whole word: for each way the pattern can start, a word joined to the
 * match's start by literal characters only (no `\s`, which could cross a line).
 */
export function* gatedMatches(
  text: string,
  re: RegExp,
  leads: readonly string[],
  words: LineWords,
): Generator<RegExpExecArray> {
  const anchored = sticky(re);
  let from = 0;
  for (const line of linesWithAny(words, leads)) {
    for (let w = words.lineFirstWord[line]; w < words.lineFirstWord[line + 1]; w++) {
      const at = words.wordStarts[w];
      if (at < from) continue;
      anchored.lastIndex = at;
      const m = anchored.exec(text);
      if (!m) continue;
      from = at + m[0].length;
      yield m;
    }
  }
}
