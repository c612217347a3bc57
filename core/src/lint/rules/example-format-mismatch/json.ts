/** JSON examples checked against a prompt that asks for JSON: each must parse, and be an array when an array is asked. */
import { A_LETTER } from '../../reading/characters';
import type { RawFinding } from '../../types';

/** A request for JSON in the answer, in the linter's languages ("return JSON", "as JSON", "JSON-Objekt"). */
const JSON_ASKED =
  /\b(?:(?:respond|reply|answer|return|output|format(?:ted)?|give|provide|produce|réponds|répondez|renvoie|retourne|responde|devuelve|antworte|gib|rispondi|restituisci|responda|retorne)\b[^.\n]{0,40}\bJSON|JSON[ -](?:object|array|format|output|only|objet|objeto|Objekt|oggetto)|(?:as|in|into|en|als|em|como|come|au format|im) JSON|valid JSON)\b/i;
/** "a JSON array of names", "a JSON list": the answer's top level is an array. */
const ARRAY_ASKED = /\b(?:JSON (?:array|list)|(?:array|list) (?:of|in) JSON|tableau JSON|JSON-Array)\b/i;
/** An answer line, "Output: ..." (the words of the six languages), the answer after the colon. */
const ANSWER_LINE =
  /^[ \t]*(?:example(?: (?:output|answer|response))?|(?:example )?(?:output|response|answer|result|json)|exemple|ejemplo|beispiel|esempio|exemplo|réponse|sortie|respuesta|salida|antwort|ausgabe|risposta|resposta|saída)[ \t]*:[ \t]*(.*)$/gim;
/** A JSON-looking value at a line's start or after a colon. */
const JSON_START = /(?:^[ \t]*|:[ \t]*)(?=[[{]["'\w\s])/gm;
/** A schema, not an example: values are type names ("price": number). */
const SCHEMA_VALUE = /:\s*(?:string|number|integer|boolean|bool|float|array|object|date)\b/i;
/** Longest stretch read for one JSON value. */
const MAX_JSON_CHARS = 4000;
/** An answer line of more words than this is an instruction ("Output: reply with one JSON object ..."), not an answer. */
const MAX_ANSWER_WORDS = 8;

interface Candidate {
  body: string;
  start: number;
  /** An answer line or a json fence: it must be JSON when JSON is asked. */
  mustBeJson: boolean;
}

function candidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const m of text.matchAll(/```json[ \t]*\n([\s\S]*?)\n?```/gi))
    out.push({ body: m[1], start: m.index + m[0].indexOf('\n') + 1, mustBeJson: true });
  for (const m of text.matchAll(ANSWER_LINE)) {
    const body = m[1];
    const start = m.index + m[0].length - body.length;
    // "Example: for this input, return {...}": the answer is the JSON after the words.
    const json = body.search(/[[{]/);
    if (json >= 0) {
      const rest = body.slice(json);
      out.push({ body: rest.slice(0, jsonExtent(rest)), start: start + json, mustBeJson: true });
    } else if (body.trim() && !body.includes('`') && body.trim().split(/\s+/).length <= MAX_ANSWER_WORDS)
      out.push({ body, start, mustBeJson: true });
  }
  for (const m of text.matchAll(JSON_START)) {
    const at = m.index + m[0].length;
    if (text.startsWith('{{', at) || out.some((c) => at >= c.start && at < c.start + c.body.length)) continue;
    const body = text.slice(at, at + jsonExtent(text.slice(at, at + MAX_JSON_CHARS)));
    if (/["'\w]\s*:/.test(body) && /[}\]]\s*$/.test(body)) out.push({ body, start: at, mustBeJson: false });
  }
  return out;
}

/** Where the JSON value starting at the first { or [ ends (brackets balanced, strings skipped); the whole text if never. */
function jsonExtent(s: string): number {
  let depth = 0;
  let quote = false;
  for (let i = s.search(/[[{]/); i >= 0 && i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === '"') quote = false;
    } else if (c === '"') quote = true;
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) return i + 1;
  }
  return s.length;
}

function parses(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}

/** The usual slips: single quotes, trailing commas, bare keys, Python literals. */
function repairJson(s: string): string | undefined {
  let r = s.includes('"') ? s : s.replace(/'([^'\\\n]*)'/g, '"$1"');
  r = r
    .replace(/,(\s*[}\]])/g, '$1')
    .replace(/([{,]\s*)([A-Za-z_]\w*)(\s*):/g, '$1"$2"$3:')
    .replace(/:\s*True\b/g, ': true')
    .replace(/:\s*False\b/g, ': false')
    .replace(/:\s*None\b/g, ': null');
  return parses(r) ? r : undefined;
}

export function jsonFindings(text: string): RawFinding[] {
  if (!JSON_ASKED.test(text)) return [];
  const arrayAsked = ARRAY_ASKED.test(text) && !/\bJSON object\b/i.test(text);
  const out: RawFinding[] = [];
  for (const c of candidates(text)) {
    const trimmed = c.body.trim();
    const start = c.start + c.body.indexOf(trimmed);
    const end = start + trimmed.length;
    const looksJson = /^[[{]/.test(trimmed);
    if (looksJson && parses(trimmed)) {
      if (arrayAsked && trimmed.startsWith('{') && c.mustBeJson)
        out.push({ message: 'This example is a JSON object, but the prompt asks for a JSON array.', start, end });
    } else if (!looksJson) {
      if (c.mustBeJson && new RegExp(A_LETTER).test(trimmed))
        out.push({ message: 'This example answer is not JSON, but the prompt asks for JSON.', start, end });
    } else if (!SCHEMA_VALUE.test(trimmed)) {
      const repaired = repairJson(trimmed);
      out.push({
        message: 'This example is not valid JSON, but the prompt asks for JSON: the model will copy the mistake.',
        start,
        end,
        fix: repaired === undefined ? undefined : { label: 'Make it valid JSON', start, end, text: repaired },
      });
    }
  }
  return out;
}
