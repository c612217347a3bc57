import { TEST_CASE_INPUT_MAX } from '@prompt-perfect/core/api/prove';
import { csvRows } from './csvRows';

interface ImportedCase {
  input: string;
  expected?: string;
}

export type ImportResult = { ok: true; cases: ImportedCase[] } | { ok: false; error: string };

const fail = (error: string): ImportResult => ({ ok: false, error });

/** Checks one case; `where` names it in the message ("Row 3", "Item 2"). */
function caseOf(input: unknown, expected: unknown, where: string): ImportedCase | string {
  if (typeof input !== 'string' || input.trim() === '') return `${where} has no input.`;
  if (input.length > TEST_CASE_INPUT_MAX)
    return `${where}: the input is longer than ${TEST_CASE_INPUT_MAX} characters.`;
  if (expected !== undefined && expected !== null && typeof expected !== 'string')
    return `${where}: "expected" must be text.`;
  const points = typeof expected === 'string' ? expected.trim() : '';
  return points ? { input: input.trim(), expected: points } : { input: input.trim() };
}

function collect(items: Array<[unknown, unknown, string]>): ImportResult {
  if (items.length === 0) return fail('The file holds no test cases.');
  const cases: ImportedCase[] = [];
  for (const [input, expected, where] of items) {
    const checked = caseOf(input, expected, where);
    if (typeof checked === 'string') return fail(checked);
    cases.push(checked);
  }
  return { ok: true, cases };
}

/** CSV with a header row naming an `input` column and, optionally, an `expected` column. */
function fromCsv(text: string): ImportResult {
  let rows: string[][];
  try {
    rows = csvRows(text);
  } catch (error) {
    return fail(`This CSV file cannot be read: ${(error as Error).message}`);
  }
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const inputAt = header.indexOf('input');
  if (inputAt === -1)
    return fail('The CSV file needs a header row with an "input" column (and optionally "expected").');
  const expectedAt = header.indexOf('expected');
  // Row numbers as a spreadsheet shows them: the header is row 1.
  return collect(
    rows
      .slice(1)
      .map((row, i) => [row[inputAt] ?? '', expectedAt === -1 ? undefined : row[expectedAt], `Row ${i + 2}`]),
  );
}

/** JSON: an array of {input, expected?}, or an object with such an array under `cases`. */
function fromJson(text: string): ImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return fail('This JSON file is not valid JSON.');
  }
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && 'cases' in data
      ? data.cases
      : undefined;
  if (!Array.isArray(list))
    return fail('The JSON file must be an array of {"input", "expected"} objects, or {"cases": [...]}.');
  return collect(
    list.map((item, i): [unknown, unknown, string] =>
      item && typeof item === 'object'
        ? [item.input, item.expected, `Item ${i + 1}`]
        : [undefined, undefined, `Item ${i + 1}`],
    ),
  );
}

/** Test cases from an imported file, by its extension (.csv or .json), or why it cannot be used. */
export function importCases(fileName: string, text: string): ImportResult {
  const name = fileName.toLowerCase();
  if (name.endsWith('.csv')) return fromCsv(text);
  if (name.endsWith('.json')) return fromJson(text);
  return fail('Choose a .csv or .json file.');
}
