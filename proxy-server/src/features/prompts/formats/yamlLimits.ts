/**
 * Bounds on what one YAML import may cost. A cheap pass over the lexer's tokens (linear, no
 * recursion) refuses deep nesting and many aliases before the composer, which recurses, runs; the
 * composed document is then walked once for its real depth, keys per mapping and duplicate keys
 * (a Set per mapping: the library's own uniqueKeys compares every key with every other).
 */
import { CST, type Document, isAlias, isMap, isScalar, isSeq, Lexer, type LineCounter, type Node } from 'yaml';
import { importRefused } from './bundle';

export const YAML_LIMITS = { depth: 64, keysPerMapping: 1_000, aliases: 100, values: 20_000 } as const;

const TOO_DEEP = `nested more than ${YAML_LIMITS.depth} levels deep (the depth limit).`;
const TOO_MANY_KEYS = `a mapping holds more than ${YAML_LIMITS.keysPerMapping} keys (the keys-per-mapping limit).`;
export const TOO_MANY_ALIASES = `more than ${YAML_LIMITS.aliases} aliases, or aliases that expand too far (the alias limit).`;
const TOO_MANY_VALUES = `more than ${YAML_LIMITS.values.toLocaleString('en-US')} values (the value limit); a test set holds at most a few thousand.`;
/** Block nesting per line is indentation plus indicators: a loose bound, the walk checks the real depth. */
const LINE_NESTING_MAX = 4 * YAML_LIMITS.depth;
const BLOCK_INDICATORS = new Set(['seq-item-ind', 'explicit-key-ind', 'map-value-ind']);

/**
 * Refuses, before parsing, flow collections nested too deep, lines nested too deep, too many aliases,
 * and too many values: composing costs in proportion to the values, so this bounds the parse.
 */
export function precheckYaml(content: string): void {
  let line = 1;
  let flow = 0;
  let lineNesting = 0;
  let aliases = 0;
  let scalarNext = false;
  let values = 0;
  for (const token of new Lexer().lex(content)) {
    const type = CST.tokenType(token);
    if (scalarNext) {
      // A plain or block scalar's text (marked by the token before it): text, not structure.
      scalarNext = false;
      line += countNewlines(token);
    } else if (type === 'scalar' || type === 'single-quoted-scalar' || type === 'double-quoted-scalar') {
      scalarNext = type === 'scalar';
      if (++values > YAML_LIMITS.values) throw importRefused(`line ${line}`, TOO_MANY_VALUES);
      if (!scalarNext) line += countNewlines(token);
    } else if (type === 'newline') {
      line++;
      lineNesting = 0;
    } else if (type === 'flow-map-start' || type === 'flow-seq-start') {
      if (++flow > YAML_LIMITS.depth) throw importRefused(`line ${line}`, TOO_DEEP);
    } else if (type === 'flow-map-end' || type === 'flow-seq-end') flow = Math.max(0, flow - 1);
    else if (type === 'alias') {
      if (++aliases > YAML_LIMITS.aliases) throw importRefused(`line ${line}`, TOO_MANY_ALIASES);
    } else if (flow === 0 && (type === 'space' || (type && BLOCK_INDICATORS.has(type)))) {
      lineNesting += type === 'space' ? token.length : 1;
      if (lineNesting > LINE_NESTING_MAX) throw importRefused(`line ${line}`, TOO_DEEP);
    } else line += countNewlines(token);
  }
}

const countNewlines = (s: string) => {
  let n = 0;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) n++;
  return n;
};

const keyOf = (key: unknown) => (isScalar(key) ? `${typeof key.value}:${String(key.value)}` : `node:${String(key)}`);

/** Walks the composed document once: its depth, the keys of each mapping, duplicate keys. */
export function checkYamlDocument(doc: Document, lines: LineCounter): void {
  const at = (node: { range?: [number, number, number] | null } | null | undefined) =>
    node?.range ? `line ${lines.linePos(node.range[0]).line}` : 'the file';
  const stack: Array<[Node | null | undefined, number]> = [[doc.contents, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [Node | null | undefined, number];
    if (!node || isAlias(node) || isScalar(node)) continue;
    if (depth > YAML_LIMITS.depth) throw importRefused(at(node), TOO_DEEP);
    if (isSeq(node)) for (const item of node.items) stack.push([item as Node, depth + 1]);
    if (isMap(node)) {
      if (node.items.length > YAML_LIMITS.keysPerMapping) throw importRefused(at(node), TOO_MANY_KEYS);
      const seen = new Set<string>();
      for (const pair of node.items) {
        const key = keyOf(pair.key);
        if (seen.has(key)) throw importRefused(at(pair.key as Node), 'Map keys must be unique');
        seen.add(key);
        stack.push([pair.key as Node, depth + 1], [pair.value as Node, depth + 1]);
      }
    }
  }
}
