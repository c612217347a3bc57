/** Dates in an example written in another layout than the one the prompt states ("YYYY-MM-DD"). */
import type { RawFinding } from '../../types';

const DAY = '(?:DD|JJ|TT|GG)';
const YEAR = '(?:YYYY|AAAA|JJJJ)';
/** A stated layout in the languages the linter reads: "DD/MM/YYYY", "YYYY-MM-DD", "TT.MM.JJJJ", "MM/DD/YYYY". */
const LAYOUT = new RegExp(`\\b(?:${DAY}([/.-])MM\\1${YEAR}|${YEAR}([/.-])MM\\2${DAY}|MM([/.-])${DAY}\\3${YEAR})\\b`);
const DATE = /\b\d{1,4}([/.-])\d{1,2}\1\d{1,4}\b/g;
/** The example after the layout: "Example:" (or "Beispiel:", ...) up to a blank line or an opening tag. */
const EXAMPLE =
  /^[ \t]*(?:example|sample|expected|ejemplo|exemple|beispiel|esempio|exemplo)[^:\n]{0,30}:[ \t]*\n?([\s\S]*?)(?:\n[ \t]*\n|\n[ \t]*<[A-Za-z][\w-]*>|(?![\s\S]))/im;

/** A date's or a layout's shape, its separators kept and each field's width: "2024-03-15" and "YYYY-MM-DD" are both "4-2-2". */
const shapeOf = (date: string) => date.replace(/\d+|[A-Z]+/g, (field) => (field.length > 2 ? '4' : '2'));

export function dateFindings(text: string): RawFinding[] {
  const layout = LAYOUT.exec(text);
  if (!layout) return [];
  const afterLayout = layout.index + layout[0].length;
  const example = EXAMPLE.exec(text.slice(afterLayout));
  if (!example) return [];
  const base = afterLayout + example.index + example[0].indexOf(example[1]);
  return [...example[1].matchAll(DATE)]
    .filter((d) => shapeOf(d[0]) !== shapeOf(layout[0]))
    .map((d) => ({
      message: `"${d[0]}" is not in the ${layout[0]} layout the prompt asks for.`,
      start: base + d.index,
      end: base + d.index + d[0].length,
    }));
}
