/** Repeatable filler text for diff tests and benchmarks: the same seed gives the same words. */
const WORDS = 'the quick brown fox jumps over lazy dog prompt model answer output context role task'.split(' ');

/** Park–Miller minimal standard generator: tiny, deterministic, good enough to vary test text. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

/** About `size` characters of words, a line break after roughly one word in ten. */
export function wordSoup(seed: number, size = 20_000): string {
  const next = seededRandom(seed);
  let out = '';
  while (out.length < size) out += WORDS[Math.floor(next() * WORDS.length)] + (next() < 0.1 ? '\n' : ' ');
  return out;
}
