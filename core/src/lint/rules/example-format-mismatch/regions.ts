/**
 * Where a prompt shows an example of its answer: the lines under a heading that names an example
 * ("# EXAMPLE OUTPUT", "EXAMPLES:", "Exemple de réponse :") up to where that section ends, and the
 * list items in them. Part of example-format-mismatch.
 */

import { remembersPrompts } from '../../promptMemory';
import { isTaskSentence } from '../../reading/taskSentence';

export interface Region {
  body: string;
  start: number;
  /** Opened inside an instruction ("... in 15-word bullets. E.g:"): that paragraph is what it illustrates. */
  inline?: boolean;
}

const EXAMPLE_WORD = '(?:examples?|samples?|exemples?|ejemplos?|beispiele?|esempi|esempio|exemplos?)';
/** A markdown heading naming an example: "## Example Output". */
const MD_HEADING = /^(#{1,6})[ \t]+([^\n]*)$/gm;
/** The heading starts with the example word, or names an output example: not "USAGE EXAMPLES", a section of the answer. */
const NAMES_EXAMPLE = new RegExp(`^(?:\\*\\*)?(?:(?:output|answer|response|expected)\\s+)?${EXAMPLE_WORD}\\b`, 'i');
/** An example of the input, not of the answer: "Example input", "Ejemplo de entrada". */
const INPUT_EXAMPLE = /\b(?:input|entrée|entrada|eingabe|ingresso)\b/i;
/** A line that is only an example label: "Example output:", "**Beispiel:**", or in capitals "EXAMPLES", "FOLLOW-UP SECTION EXAMPLE". */
const LABEL_LINE = new RegExp(`^[ \\t]*(?:\\*\\*)?${EXAMPLE_WORD}\\b[^:\\n]{0,40}:(?:\\*\\*)?[ \\t]*$`, 'i');
const CAPS_LABEL_LINE =
  /^[ \t]*(?!END\b)(?:[A-Z][A-Z &/-]{0,40} )?(?:EXAMPLES?|SAMPLES?)(?: OUTPUT(?: FORMAT)?| FORMAT| OF [A-Z][A-Z &/-]{0,40})?:?[ \t]*$/;
/** A line whose tail opens an example: "... in 15-word bullets. E.g:", "Something like:", "For example:". */
const OPENS_EXAMPLE =
  /(?:\be\.g\.?,?[ \t]*:?|\b(?:structured|formatted|written) like[ \t]*[,:]?|\b(?:for example|for instance|something like|like this|par exemple|por ejemplo|zum beispiel|z\.\s?b\.|per esempio|por exemplo)[ \t]*:)[ \t]*$/i;
/** Where an example section ends: "END EXAMPLES", "(end examples)", a tag line, the next heading. */
const SECTION_END =
  /^[ \t]*(?:\(?[ \t]*end\b[^\n]{0,40}\bexamples?\.?[ \t]*\)?|<\/?[A-Za-z][\w-]*>|#{1,6}[ \t])[^\n]*$/gim;

let last: { text: string; regions: Region[] } | undefined;
remembersPrompts(() => {
  last = undefined;
});

/** The example sections of a prompt, input examples left out (the last answer is kept: two checks ask in turn). */
export function exampleRegions(text: string): Region[] {
  if (last?.text !== text) last = { text, regions: findRegions(text) };
  return last.regions;
}

function findRegions(text: string): Region[] {
  const out: Region[] = [];
  for (const m of text.matchAll(MD_HEADING)) {
    if (!NAMES_EXAMPLE.test(m[2].trim()) || INPUT_EXAMPLE.test(m[2])) continue;
    const level = m[1].length;
    const from = m.index + m[0].length + 1;
    // The section runs to the next heading of the same or a higher level.
    const next = new RegExp(`^#{1,${level}}[ \\t]`, 'gm');
    next.lastIndex = from;
    const end = next.exec(text)?.index ?? text.length;
    const stop = endMarker(text, from, end, true);
    if (stop > from) out.push({ body: text.slice(from, stop), start: from });
  }
  const closings = [...text.matchAll(CLOSES)].map((m) => m.index);
  for (const { line, at, inline } of labelLines(text)) {
    if (INPUT_EXAMPLE.test(line) || insideRegion(out, at)) continue;
    const from = at + line.length + 1;
    // Without a closing "END EXAMPLES", the section ends where the prompt's own orders resume.
    const closed = closings.some((c) => c >= from);
    const marker = endMarker(text, from, text.length, false);
    const stop = closed && !inline ? marker : instructionsResume(text, from, marker);
    if (stop > from) out.push({ body: text.slice(from, stop), start: from, ...(inline ? { inline } : {}) });
  }
  // A section ends where the next one's label starts: an item belongs to one example only.
  out.sort((a, b) => a.start - b.start);
  for (let i = 0; i + 1 < out.length; i++) {
    const next = text.lastIndexOf('\n', out[i + 1].start - 2) + 1;
    if (next < out[i].start + out[i].body.length) out[i].body = text.slice(out[i].start, Math.max(out[i].start, next));
  }
  return out.filter((r) => r.body.trim());
}

/** Lines that open an example, read line by line (a multiline ^ over the whole text is slow): labels, then inline openers. */
function labelLines(text: string): Array<{ line: string; at: number; inline: boolean }> {
  const labels: Array<{ line: string; at: number; inline: boolean }> = [];
  const openers: typeof labels = [];
  let at = 0;
  for (const line of text.split('\n')) {
    if (line.length <= 120 && (LABEL_LINE.test(line) || CAPS_LABEL_LINE.test(line)))
      labels.push({ line, at, inline: false });
    else if (/[:,.][ \t]*$/.test(line) && OPENS_EXAMPLE.test(line.slice(-40))) {
      const tail = line.slice(-40);
      const cut = OPENS_EXAMPLE.exec(tail)?.index ?? 0;
      openers.push({ line: tail.slice(cut), at: at + line.length - tail.length + cut, inline: true });
    }
    at += line.length + 1;
  }
  return [...labels, ...openers];
}

const insideRegion = (regions: Region[], at: number) =>
  regions.some((r) => at >= r.start && at < r.start + r.body.length);

/** Where the section starting at `from` ends: its first end marker before `end`, else `end`. */
function endMarker(text: string, from: number, end: number, underHeading: boolean): number {
  SECTION_END.lastIndex = from;
  // Headings inside a markdown example section ("### Objectives") belong to the example.
  for (let m = SECTION_END.exec(text); m && m.index < end; m = SECTION_END.exec(text))
    if (!underHeading || !m[0].trimStart().startsWith('#')) return m.index;
  return end;
}

/** "END EXAMPLES", "(end examples)", "End example.": the author closes the section. */
const CLOSES = /^[ \t]*\(?[ \t]*end\b[^\n]{0,40}\bexamples?\.?[ \t]*\)?[ \t]*$/gim;

/** After a blank line, a paragraph that gives an order ("- In a section called X, give ...") is the prompt again. */
function instructionsResume(text: string, from: number, end: number): number {
  const gap = /\n[ \t]*\n[ \t]*(?:[-*•]|\d{1,2}[.)])?[ \t]*([^\n]+)/g;
  gap.lastIndex = from;
  for (let m = gap.exec(text); m && m.index < end; m = gap.exec(text)) {
    const line = m[1].trim();
    // "In a section called SUMMARY, write ...": an order after a lead-in.
    if (isTaskSentence(line) || isTaskSentence(line.replace(/^[^,]{0,80},\s*/, ''))) return m.index;
  }
  return end;
}

export interface Item {
  /** The item's text after its marker. */
  text: string;
  start: number;
  numbered: boolean;
  /** A template slot ("[First step]", "$$LINK$$") or an elision: it shows the shape, not a length. */
  placeholder: boolean;
}

/** A list item's marker at a line's start: "- ", "* ", "• ", "1. ", "2) ", "a. ". */
const ITEM = /^[ \t]*(?:([-*•])|(\d{1,2}[.)])|([a-z][.)]))[ \t]+(\S[^\n]*)$/gm;
/** A template slot, not an example's content: "[First step]", "<name>", "$SPONSOR$", "...". */
const PLACEHOLDER = /\[[^\]\n]{2,}\]|<[^>\n]{2,}>|\$[A-Z_]+\$|\{[^}\n]*\}|\.{3}|…/;

/** The list items of an example region ("-- " sub-items left out). */
export function listItems(region: Region): Item[] {
  const out: Item[] = [];
  for (const m of region.body.matchAll(ITEM)) {
    out.push({
      text: m[4].trim(),
      start: region.start + m.index + m[0].length - m[4].length,
      numbered: !m[1],
      placeholder: PLACEHOLDER.test(m[4]) || /^etc\.?$/i.test(m[4].trim()),
    });
  }
  return out;
}
