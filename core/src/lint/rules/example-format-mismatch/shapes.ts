/**
 * Examples checked against a stated shape: a count of bullets ("exactly 3 bullet points") and CSV rows
 * with as many fields as the header. Part of example-format-mismatch.
 */
import { exampleRegions } from './regions';
import { lastTexts } from '../../lastTexts';
import { numberValue } from '../../reading/numberWords';
import type { RawFinding } from '../../types';

/** "Example output:" alone on its line, in any of the six languages; the example is the block below, up to a blank line or a tag line. */
const EXAMPLE_HEAD =
  /^[ \t]*(?:example|sample|expected|exemple|ejemplo|beispiel|esempio|exemplo)\b[^:\n]{0,30}:[ \t]*\n(?:[ \t]*```[\w-]*[ \t]*\n)?([\s\S]*?)(?=\n[ \t]*```|\n[ \t]*\n|\n[ \t]*<\/?[A-Za-z][\w-]*>[ \t]*(?:\n|$)|(?![\s\S]))/gim;

interface Block {
  body: string;
  start: number;
}

/** Read once per prompt: two checks ask in turn. */
export const exampleBlocks: (text: string) => readonly Block[] = lastTexts(findBlocks);

function findBlocks(text: string): Block[] {
  const out: Block[] = [];
  for (const m of text.matchAll(EXAMPLE_HEAD)) {
    const body = m[1].replace(/\s+$/, '');
    if (body.trim()) out.push({ body, start: m.index + m[0].length - m[1].length });
  }
  return out;
}

/** "exactly 3 bullet points", "in five bullets", "a list of exactly 5 steps": the whole answer's count. */
const BULLET_COUNT =
  /\b(?:(?:exactly|precisely|only|just|in)\s+)?(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+(?:short |brief |numbered |concise )?(?:bullet points|bullets|bulleted items|numbered items|list items)\b(?!\s+(?:each|per|for each|in each)\b)|\b(?:list|bullets?)\b[^.\n]{0,30}?\bexactly\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+(?:steps|items|points|tips|ideas|reasons|entries)\b/gi;
const BULLET_LINE = /^[ \t]*(?:[-*•]|\d{1,2}[.)])\s+\S/;

function bulletFindings(text: string, blocks: readonly Block[]): RawFinding[] {
  if (!blocks.length) return [];
  const counts = new Set([...text.matchAll(BULLET_COUNT)].map((m) => numberValue(m[1] ?? m[2])));
  const [n] = counts;
  if (counts.size !== 1 || n === undefined) return [];
  const out: RawFinding[] = [];
  for (const b of blocks) {
    const lines = b.body.split('\n');
    // An elided example ("- ...") shows the shape, not the count.
    if (lines.some((l) => /^[ \t]*(?:[-*•]\s*)?(?:\.{3}|…)\s*$/.test(l))) continue;
    const bullets = lines.filter((l) => BULLET_LINE.test(l)).length;
    if (bullets < 2 || bullets === n || bullets !== lines.filter((l) => l.trim()).length) continue;
    out.push({
      message: `This example has ${bullets} bullets, but the prompt asks for ${n}.`,
      start: b.start,
      end: b.start + b.body.length,
      // Fewer bullets may only sketch the shape: a note; more than asked teaches the model to run over.
      ...(bullets < n ? { severity: 'info' as const } : {}),
    });
  }
  return out;
}

const CSV_ASKED =
  /\bcomma[- ]separated\b|\b(?:(?:respond|reply|answer|return|output|give|provide|produce|format(?:ted)?)\b[^.\n]{0,40}\bCSV|(?:as|in|into|to|en|als|em|come|como) CSV|CSV (?:format|output|only|rows?|file))\b/i;

/** The fields of one CSV line: commas inside double quotes do not split ("Ruiz, Luis"). */
function csvFields(line: string): number {
  let fields = 1;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) fields++;
  }
  return fields;
}

/** "exactly three columns", "header row: name,email,company": the number of fields every row must have. */
const STATED_COLUMNS =
  /\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+columns\b|\bheader(?: row| line)?\s*:?\s*`?([\w ]{1,40}(?:,[\w ]{1,40})+)`?/i;

function statedColumns(text: string): number | undefined {
  const m = STATED_COLUMNS.exec(text);
  if (!m) return undefined;
  if (m[2]) return csvFields(m[2]);
  return numberValue(m[1]);
}

function csvFindings(text: string, blocks: readonly Block[]): RawFinding[] {
  const stated = statedColumns(text);
  // A fence counts when it is tagged csv or introduced as an example: other code in the prompt is not a row.
  const fenced = [...text.matchAll(/```([\w-]*)[ \t]*\n([\s\S]*?)\n?```/g)]
    .filter(
      (m) =>
        m[1].toLowerCase() === 'csv' ||
        /\b(?:example|sample|e\.g\.|for instance|like this)\b[^\n]*\n?$/i.test(
          text.slice(Math.max(0, m.index - 100), m.index),
        ),
    )
    .map((m) => ({ body: m[2], start: m.index + m[0].indexOf('\n') + 1 }));
  const seen = new Set<number>();
  const out: RawFinding[] = [];
  for (const b of [...blocks, ...fenced]) {
    if (seen.has(b.start)) continue;
    seen.add(b.start);
    const lines = b.body.split('\n');
    const header = stated ?? csvFields(lines[0]);
    // Rows of CSV: most lines hold a comma and none opens a JSON object or a sentence list.
    const rows = lines.filter((l) => l.trim());
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

/** Rows split by another separator than the comma CSV asks for: "Slovenia;2004;2007", tab-separated columns. */
function separatorFindings(text: string, blocks: readonly Block[]): RawFinding[] {
  if (/\b(?:semicolon|tab)[- ]separated\b|\bTSV\b|\bdelimiter\b|\bseparator\b(?!\s*[:=]?\s*(?:a\s+)?comma)/i.test(text))
    return [];
  const out: RawFinding[] = [];
  for (const b of blocks) {
    // "(Continue)", "...": an elision, not a row.
    const rows = b.body.split('\n').filter((l) => l.trim() && !/^\s*(?:\(.*\)|\.{3}|…|etc\.?)\s*$/i.test(l));
    if (!rows.length || rows.some((r) => r.includes(',') || /^\s*[-*•{[<]/.test(r))) continue;
    for (const [sep, name] of [
      [';', 'semicolons'],
      ['\t', 'tabs'],
      ['|', 'pipes'],
    ] as const) {
      const counts = new Set(rows.map((r) => r.split(sep).length - 1));
      const [n] = counts;
      if (counts.size !== 1 || !n) continue;
      out.push({
        message: `This example separates its fields with ${name}, but the prompt asks for comma-separated values.`,
        start: b.start,
        end: b.start + b.body.trimEnd().length,
      });
      break;
    }
  }
  return out;
}

/** A field slot of a template row: "$SPONSOR$", "[name]", "<link>", "{title}". */
const SLOT = /^\s*(?:\$[\w-]+\$|\[[^\]]+\]|<[^>]+>|\{[^}]+\})\s*$/;
const pipeFields = (line: string) =>
  line
    .replace(/^\s*(?:[-*•]\s+)?\|?/, '')
    .replace(/\|\s*$/, '')
    .split('|');

/** Example rows with another number of " | " fields than the template of slots the prompt gives. */
function templateFindings(text: string): RawFinding[] {
  const regions = exampleRegions(text);
  if (!regions.length) return [];
  const templates = text
    .split('\n')
    .filter((line) => line.includes('|'))
    .map(pipeFields)
    .filter((f) => f.length >= 2 && f.filter((x) => SLOT.test(x)).length * 2 > f.length);
  const counts = new Set(templates.map((f) => f.length));
  const [n] = counts;
  if (counts.size !== 1 || n === undefined) return [];
  const out: RawFinding[] = [];
  for (const r of regions) {
    let at = r.start;
    for (const line of r.body.split('\n')) {
      const fields = pipeFields(line);
      if (fields.length >= 2 && fields.length !== n && !fields.some((x) => SLOT.test(x)))
        out.push({
          message: `This example row has ${fields.length} fields, but the template has ${n}.`,
          start: at,
          end: at + line.length,
        });
      at += line.length + 1;
    }
  }
  return out;
}

/** "Wrap your whole answer in <answer></answer> tags", "Enclose the output in <result> tags". */
const WRAP_ASKED =
  /\b(?:wrap|enclose|put|place|write)\b[^.\n<]{0,40}?\b(?:answer|response|reply|output|result|réponse|respuesta|antwort|risposta|resposta)\b[^.\n<]{0,20}?(?:in|inside|within|between|en|entre|in|zwischen|tra|dentro)\s+(?:the |a |an )?<([A-Za-z][\w-]*)>/i;

/** An example wrapped in another tag than the one the answer must be wrapped in. */
function wrapperFindings(text: string, blocks: readonly Block[]): RawFinding[] {
  if (!blocks.length) return [];
  const asked = WRAP_ASKED.exec(text);
  if (!asked) return [];
  const out: RawFinding[] = [];
  for (const b of blocks) {
    const tag = /^\s*<([A-Za-z][\w-]*)>[\s\S]*<\/\1>\s*$/.exec(b.body);
    if (!tag || tag[1].toLowerCase() === asked[1].toLowerCase()) continue;
    const at = b.start + b.body.indexOf('<');
    out.push({
      message: `This example is wrapped in <${tag[1]}>, but the prompt asks for <${asked[1]}>.`,
      start: at,
      end: at + tag[1].length + 2,
    });
  }
  return out;
}

/** Example blocks whose count of bullets or CSV fields breaks what the prompt states. */
export function shapeFindings(text: string): RawFinding[] {
  const blocks = exampleBlocks(text);
  const regions = exampleRegions(text).filter((r) => !blocks.some((b) => b.start === r.start));
  // The two CSV checks run only where CSV is asked: the test is read once.
  const csv = CSV_ASKED.test(text);
  return [
    ...bulletFindings(text, blocks),
    ...(csv ? [...csvFindings(text, blocks), ...separatorFindings(text, [...blocks, ...regions])] : []),
    ...templateFindings(text),
    ...wrapperFindings(text, blocks),
  ];
}
