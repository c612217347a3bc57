/** CSV examples checked against the number of fields the header (or the prompt) gives every row. */
import { numberValue } from '../../reading/numberWords';
import type { RawFinding } from '../../types';

const CSV_ASKED =
  /\bcomma[- ]separated\b|\b(?:(?:respond|reply|answer|return|output|give|provide|produce|format(?:ted)?)\b[^.\n]{0,40}\bCSV|(?:as|in|into|to|en|als|em|come|como) CSV|CSV (?:format|output|only|rows?|file))\b/i;
/** "Example output:" alone on its line; the example is the block below, up to a blank line, a fence or a tag line. */
const EXAMPLE_BLOCK =
  /^[ \t]*(?:example|sample|expected|exemple|ejemplo|beispiel|esempio|exemplo)\b[^:\n]{0,30}:[ \t]*\n(?:[ \t]*```[\w-]*[ \t]*\n)?([\s\S]*?)(?=\n[ \t]*```|\n[ \t]*\n|\n[ \t]*<\/?[A-Za-z][\w-]*>[ \t]*(?:\n|$)|(?![\s\S]))/gim;
/** A fence tagged csv, or introduced as an example. */
const FENCE = /```([\w-]*)[ \t]*\n([\s\S]*?)\n?```/g;
const EXAMPLE_BEFORE = /\b(?:example|sample|e\.g\.|for instance|like this)\b[^\n]*\n?$/i;
/** "precisely 4 columns", "header row: id,city,total": the number of fields every row must have. */
const STATED_COLUMNS =
  /\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+columns\b|\bheader(?: row| line)?\s*:?\s*`?([\w ]{1,40}(?:,[\w ]{1,40})+)`?/i;

/** The fields of one CSV line: commas inside double quotes do not split. */
function csvFields(line: string): number {
  let fields = 1;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) fields++;
  }
  return fields;
}

function statedColumns(text: string): number | undefined {
  const m = STATED_COLUMNS.exec(text);
  return m ? (m[2] ? csvFields(m[2]) : numberValue(m[1])) : undefined;
}

function exampleBlocks(text: string): Array<{ body: string; start: number }> {
  const blocks = [...text.matchAll(EXAMPLE_BLOCK)].map((m) => ({
    body: m[1].trimEnd(),
    start: m.index + m[0].length - m[1].length,
  }));
  for (const m of text.matchAll(FENCE)) {
    const start = m.index + m[0].indexOf('\n') + 1;
    const isExample =
      m[1].toLowerCase() === 'csv' || EXAMPLE_BEFORE.test(text.slice(Math.max(0, m.index - 100), m.index));
    if (isExample && !blocks.some((b) => b.start === start)) blocks.push({ body: m[2], start });
  }
  return blocks;
}

export function csvFindings(text: string): RawFinding[] {
  if (!CSV_ASKED.test(text)) return [];
  const stated = statedColumns(text);
  const out: RawFinding[] = [];
  for (const b of exampleBlocks(text)) {
    const lines = b.body.split('\n');
    const header = stated ?? csvFields(lines[0]);
    const rows = lines.filter((l) => l.trim());
    // Rows of CSV: most lines hold a comma and none opens a JSON object or a list item.
    if (
      header < 2 ||
      (lines.length < 2 && stated === undefined) ||
      rows.filter((l) => l.includes(',')).length * 2 < rows.length ||
      rows.some((l) => /^\s*(?:[{[]|[-*•]\s)/.test(l))
    )
      continue;
    let at = b.start;
    for (const line of lines) {
      if (line.trim() && csvFields(line) !== header)
        out.push({
          message: `This CSV row has ${csvFields(line)} fields, but the ${stated === undefined ? 'header has' : 'prompt asks for'} ${header}.`,
          start: at,
          end: at + line.length,
        });
      at += line.length + 1;
    }
  }
  return out;
}
