/**
 * Readable phrase lists turned into regular expressions: the rules keep their vocabulary as lists of
 * plain phrases and build one alternation from them, instead of carrying regex literals hundreds of
 * characters long.
 */

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Node {
  end: boolean;
  next: Map<string, Node>;
}

function insert(root: Node, words: string[]): void {
  let node = root;
  for (const word of words) {
    let child = node.next.get(word);
    if (!child) {
      child = { end: false, next: new Map() };
      node.next.set(word, child);
    }
    node = child;
  }
  node.end = true;
}

/** The alternation of a node's continuations; phrases sharing their first words share one branch. */
function emit(node: Node): string {
  const alternatives = [...node.next]
    .sort(([a], [b]) => b.length - a.length)
    .map(([word, child]) => {
      if (!child.next.size) return escapeRegExp(word);
      const rest = `\\s+${emit(child)}`;
      return `${escapeRegExp(word)}${child.end ? `(?:${rest})?` : rest}`;
    });
  return alternatives.length === 1 ? alternatives[0] : `(?:${alternatives.join('|')})`;
}

/**
 * One non-capturing alternation matching any of the phrases literally (case comes from the flags of
 * the RegExp it goes into). A space in a phrase matches any run of spaces. Phrases are merged word by
 * word into a tree, so a list of hundreds of phrases stays a small, fast expression.
 */
export function anyOf(phrases: readonly string[]): string {
  const root: Node = { end: false, next: new Map() };
  for (const phrase of phrases) insert(root, phrase.trim().split(/ +/));
  const body = emit(root);
  return body.startsWith('(?:') ? body : `(?:${body})`;
}

/** Every phrase of `firsts` followed by a space and every phrase of `seconds`: "brief" x "answer" -> "brief answer". */
export function combine(firsts: readonly string[], seconds: readonly string[]): string[] {
  return firsts.flatMap((a) => seconds.map((b) => (a ? `${a} ${b}` : b)));
}
