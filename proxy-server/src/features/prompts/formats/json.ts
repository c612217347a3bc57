/** JSON files for import: a syntax error names its line; a list may come bare or as `{ data: [...] }` (API pages). */
import { jsonProblem, NESTED_TOO_DEEP } from '../../../http/jsonBodyLimits';
import { importRefused, isRecord } from './bundle';

export function parseJsonList(content: string, what: string): unknown[] {
  if (jsonProblem(Buffer.from(content)) === 'too-deep') throw importRefused('the file', `it ${NESTED_TOO_DEEP}`);
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch (err) {
    const message = (err as Error).message;
    const position = /position (\d+)/.exec(message)?.[1];
    const line = position === undefined ? null : content.slice(0, Number(position)).split('\n').length;
    throw importRefused(
      line === null ? 'the file' : `line ${line}`,
      `not valid JSON (${message.replace(/^JSON\.parse: /, '').split('\n')[0]}).`,
    );
  }
  if (Array.isArray(data)) return data;
  if (isRecord(data) && Array.isArray(data.data)) return data.data;
  if (isRecord(data)) return [data];
  throw importRefused('the file', `expected ${what}.`);
}
