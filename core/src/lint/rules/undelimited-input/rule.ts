/** undelimited-input: pasted data that is not fenced or tagged, so it can pass for instructions. */
import { GUIDANCE } from '../../guidance';
import { QUOTE } from '../../reading/characters';
import { anyOf } from '../../reading/phrases';
import { delimitedRanges, insideAny } from '../../reading/text';
import type { LintRule, RawFinding } from '../../types';
import { type Pasted, pastedBlocks } from './shapes';

/** What a role-play prompt's opening request is called: "My first command is: ...". */
const FIRST_ASKS = (
  'request question command sentence move prompt message input query statement word line task suggestion text ' +
  'code object topic point'
).split(' ');
/** Words after "is" that describe the request instead of giving it: "My first request is about ...". */
const DESCRIBES_IT = ['to', 'about', 'that', 'going', 'related', 'regarding', 'as follows'];
/** "My first request is: draw ...", the request itself unquoted (a quote, tag or bracket sets it apart). */
const FIRST_REQUEST = new RegExp(
  String.raw`\bmy first ((?:suggestion |bullet |sql |code )?${anyOf(FIRST_ASKS)})(?:\s+(?:is|will be)\s*:?|\s*:)\s*(?<=[\s:])(?!${anyOf(DESCRIBES_IT)}\b)([^\s${QUOTE}<{[(][^\n]+)`,
  'gi',
);
/** The request is a placeholder, filled in later. */
const PLACEHOLDER = /^\{\{[^}]+\}\}/;

/** A markdown heading or a line in capitals: "# EXAMPLE", "OUTPUT FORMAT:". */
const HEADING = /^(?:#{1,6}[ \t]+[^\n]+|[A-Z][A-Z \t&-]{2,40}:?)[ \t]*$/gm;
const NAMES_EXAMPLE = /\b(?:examples?|samples?|demo|exemples?|ejemplos?|beispiele?|esempi|esempio|exemplos?)\b/i;

/** Under a heading that names an example section: a worked example, not live input. */
function underExampleHeading(text: string, at: number): boolean {
  let last = '';
  for (const h of text.matchAll(HEADING)) if (h.index < at) last = h[0];
  return NAMES_EXAMPLE.test(last);
}

/** Role-play prompts: "My first ask is: draw ..." pasted without quotes. */
function firstRequests(text: string): RawFinding[] {
  const data = delimitedRanges(text);
  const out: RawFinding[] = [];
  for (const m of text.matchAll(FIRST_REQUEST)) {
    if (insideAny(data, m.index) || PLACEHOLDER.test(m[2])) continue;
    const start = m.index + m[0].length - m[2].length;
    const end = start + m[2].trimEnd().length;
    const message = `Your first ${m[1].toLowerCase()} is not quoted or fenced off from your instructions.`;
    const fix = { label: 'Put it in quotes', start, end, text: `"${text.slice(start, end)}"` };
    out.push({ message, start, end, fix });
  }
  return out;
}

const NAMED: Record<Pasted['kind'], string> = { email: 'e-mail', transcript: 'conversation', log: 'log', text: 'text' };

/** E-mails, transcripts, logs and pointed-at prose, known by their shape (shapes.ts). */
function byShape(text: string): RawFinding[] {
  return pastedBlocks(text).map(({ kind, start, end }) => ({
    message: `This pasted ${NAMED[kind]} is not fenced off from your instructions.`,
    start,
    end,
    fix: { label: 'Wrap it in tags', start, end, text: `<${kind}>\n${text.slice(start, end)}\n</${kind}>` },
  }));
}

export const undelimitedInput: LintRule = {
  id: 'undelimited-input',
  severity: 'warning',
  why: 'Without a fence or tags, the model cannot tell where your instructions end and the pasted text begins; a sentence in that text like "ignore the above" can take over the prompt (prompt injection).',
  guidance: GUIDANCE.xmlTags,
  check(text) {
    const out = firstRequests(text);
    for (const f of byShape(text)) if (!out.some((o) => o.start < f.end && f.start < o.end)) out.push(f);
    return out.filter((f) => !underExampleHeading(text, f.start));
  },
};
