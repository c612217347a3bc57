/**
 * Pasted material known by its shape, whatever the prompt calls it: an e-mail (header lines, or a
 * greeting and a sign-off), a chat transcript (turns of named speakers), a log (timestamped lines), or
 * a run of prose with no instruction in it that the instruction beside it points at.
 */
import { LETTER } from '../../reading/characters';
import { isTaskSentence } from '../../reading/taskSentence';
import { delimitedRanges, insideAny, type Span, sentences } from '../../reading/text';

export interface Pasted {
  /** The tag a fix wraps it in. */
  kind: 'email' | 'transcript' | 'log' | 'text';
  start: number;
  end: number;
}

interface Line extends Span {
  /** Blank, inside fenced data, holding an instruction, or anything else. */
  role: 'blank' | 'fenced' | 'task' | 'material';
  sentences: number;
}

/** "From: Jo Baxter", "Objet : ...": a header with a value written in (a placeholder makes it a template). */
const EMAIL_HEADER =
  /^(?:from|to|cc|subject|date|sent|de|à|objet|von|an|betreff|asunto|para|oggetto|da|assunto)\s*:\s*(?=[^\s{<])/i;
const GREETING =
  /^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening)|bonjour|salut|cher|chère|hola|estimad[oa]s?|querid[oa]s?|hallo|liebe[rs]?|sehr geehrte[rs]?|ciao|gentile|car[oa]|olá|oi|prezad[oa]s?)\b[^\n.!?]{0,40}[,!]/i;
const SIGN_OFF =
  /^(?:best(?: regards| wishes)?|kind regards|regards|warm regards|many thanks|thanks(?: again)?|thank you|cheers|sincerely|yours(?: sincerely| truly)?|cordialement|bien à vous|amicalement|saludos(?: cordiales)?|atentamente|un saludo|mit freundlichen grüßen|viele grüße|beste grüße|liebe grüße|cordiali saluti|distinti saluti|un saluto|saluti|atenciosamente|abraços|cumprimentos)\b[^\n]{0,30}$/i;
/** A date or a time of day opening a line, with or without a bracket. */
const TIMESTAMP = /^\[?(?:\d{4}-\d{2}-\d{2}|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|\d{1,2}:\d{2})/;
/** "Name:" or "First Last:" opening a line, then what they said. */
const SPEAKER = /^([A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,2})\s*:\s+(\S.*)$/;
/** A markdown heading, a line in capitals or a bold label: the author's own sections. */
const HEADING = /^\s*(?:#{1,6}\s|[A-Z][A-Z &/-]{2,}:?\s*$|\*\*[^*]+\*\*:?\s*$)/;
/** Words that point at material beside the instruction: "this", "the text below", "ci-dessous"... */
const POINTS =
  /\b(?:this|these|above|below|following|here (?:is|are)|ce|cette|ces|ci-dessous|ci-dessus|suivant|voici|este|esta|estos|estas|siguiente|abajo|arriba|dieser|diese|dieses|folgende|unten|oben|questo|questa|questi|seguente|sotto|sopra|ecco|estes|seguinte|abaixo|acima)\b/i;
/** We, our, nous, wir...: an account of the author's own organisation, not pasted material. */
const FIRST_PLURAL =
  /\b(?:we|our|us|nous|notre|nos|nosotros|nuestr[oa]s?|wir|unser\w*|noi|nostr[oaie]|nós|noss[oa]s?)\b/gi;

/** Lines of a log, or turns of a conversation, that make a block rather than a mention. */
const MIN_LINES = 3;
/** Words in a turn: "Label: positive" is a template field, a turn says something. */
const MIN_TURN_WORDS = 3;
/** Prose shorter than this beside an instruction is context, not a pasted document. */
const MIN_PROSE_CHARS = 300;
const MIN_PROSE_SENTENCES = 3;
/** One word in this many or more being "we" or "our" makes the prose the author's own account. */
const WORDS_PER_FIRST_PLURAL = 50;

/** The lines of the text with their roles; sentences never cross a line, so each belongs to one. */
function linesOf(text: string): Line[] {
  const fenced = delimitedRanges(text);
  const spans = sentences(text);
  const lines: Line[] = [];
  let start = 0;
  let next = 0;
  for (const line of text.split('\n')) {
    const end = start + line.length;
    let sentenceCount = 0;
    let task = false;
    for (; next < spans.length && spans[next].start <= end; next++) {
      sentenceCount++;
      task ||= isTaskSentence(spans[next].text);
    }
    const role = !line.trim()
      ? 'blank'
      : insideAny(fenced, start, end) || /^\s*(?:```|<\/?[A-Za-z])/.test(line)
        ? 'fenced'
        : task
          ? 'task'
          : 'material';
    lines.push({ text: line, start, end, role, sentences: sentenceCount });
    start = end + 1;
  }
  return lines;
}

const NAME_AFTER_COMMA = new RegExp(`,\\s*[A-Z][${LETTER}.' -]*$`);
/** Words in the name under a sign-off. */
const MAX_NAME_WORDS = 3;
/** "Best regards," with a name on the next line, or "Thanks, Sam": a "Thanks!" alone may be said to the model. */
function signsOff(line: Line, next: Line | undefined): boolean {
  const said = line.text.trim();
  if (!SIGN_OFF.test(said)) return false;
  if (NAME_AFTER_COMMA.test(said)) return true;
  const name = next?.text.trim() ?? '';
  return said.endsWith(',') && name !== '' && name.split(/\s+/).length <= MAX_NAME_WORDS;
}

/** Header lines (From, To, Subject...) that make an e-mail without a sign-off: one may be a field of a form. */
const MIN_HEADERS = 2;

const span = (kind: Pasted['kind'], from: Line, to: Line): Pasted => ({ kind, start: from.start, end: to.end });

/** From the first header or greeting to the sign-off and the name under it. */
function email(lines: Line[]): Pasted[] {
  const open = (l: Line) => l.role !== 'fenced' && (EMAIL_HEADER.test(l.text) || GREETING.test(l.text));
  const first = lines.findIndex(open);
  if (first < 0) return [];
  const headers = lines.filter((l) => l.role !== 'fenced' && EMAIL_HEADER.test(l.text)).length;
  const signOff = lines.findLastIndex((l, i) => i > first && l.role !== 'fenced' && signsOff(l, lines[i + 1]));
  if (signOff < 0 && headers < MIN_HEADERS) return [];
  let last = signOff < 0 ? first : signOff;
  if (signOff >= 0 && lines[signOff].text.trim().endsWith(',')) last = signOff + 1;
  if (signOff < 0) while (lines[last + 1] && lines[last + 1].role !== 'task') last++;
  return [span('email', lines[first], lines[last])];
}

/** Consecutive lines of one shape: speaker turns, or timestamped entries. */
function repeatedLines(lines: Line[], kind: 'transcript' | 'log', fits: (l: Line) => boolean): Pasted[] {
  const out: Pasted[] = [];
  for (let i = 0; i < lines.length; i++) {
    let j = i;
    while (j < lines.length && lines[j].role !== 'fenced' && fits(lines[j])) j++;
    if (j - i >= MIN_LINES) out.push(span(kind, lines[i], lines[j - 1]));
    i = j;
  }
  return out;
}

/** Speakers in a conversation: one speaker's lines are a monologue or labelled fields. */
const MIN_SPEAKERS = 2;

const isTurn = (l: Line) => (SPEAKER.exec(l.text)?.[2].split(/\s+/).length ?? 0) >= MIN_TURN_WORDS;
const isLogLine = (l: Line) => TIMESTAMP.test(l.text);

/** Speaker turns where someone speaks twice: a conversation, not a list of labelled fields. */
function transcripts(lines: Line[]): Pasted[] {
  return repeatedLines(lines, 'transcript', isTurn).filter((p) => {
    const speakers = lines
      .filter((l) => l.start >= p.start && l.end <= p.end)
      .map((l) => SPEAKER.exec(l.text)?.[1] ?? '');
    return new Set(speakers).size < speakers.length && new Set(speakers).size >= MIN_SPEAKERS;
  });
}

/**
 * A run of prose lines with no instruction, next to an instruction that points at it ("summarise
 * this"). Left alone where the author fences data elsewhere or writes sections under headings (they
 * know how to set data apart: the prose is theirs), and an account of their own organisation.
 */
function pointedProse(text: string, lines: Line[]): Pasted[] {
  if (delimitedRanges(text).length || lines.some((l) => HEADING.test(l.text))) return [];
  const out: Pasted[] = [];
  const pointsAt = (l: Line | undefined) => l?.role === 'task' && POINTS.test(l.text);
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].role !== 'material' || /^\s*[{["]/.test(lines[i].text)) continue;
    let j = i;
    while (j < lines.length && (lines[j].role === 'material' || lines[j].role === 'blank')) j++;
    let last = j - 1;
    while (lines[last].role === 'blank') last--;
    const run = lines.slice(i, last + 1);
    const prose = run.map((l) => l.text).join('\n');
    const words = prose.split(/\s+/).length;
    const ownAccount = (prose.match(FIRST_PLURAL)?.length ?? 0) * WORDS_PER_FIRST_PLURAL >= words;
    let before = i - 1;
    while (before >= 0 && lines[before].role === 'blank') before--;
    if (
      prose.length >= MIN_PROSE_CHARS &&
      run.reduce((n, l) => n + l.sentences, 0) >= MIN_PROSE_SENTENCES &&
      !ownAccount &&
      (pointsAt(lines[before]) || pointsAt(lines[j]))
    )
      out.push(span('text', lines[i], lines[last]));
    i = j;
  }
  return out;
}

/** Every block of pasted material the text leaves unfenced, by shape. */
export function pastedBlocks(text: string): Pasted[] {
  const lines = linesOf(text);
  return [
    ...email(lines),
    ...transcripts(lines),
    ...repeatedLines(lines, 'log', isLogLine),
    ...pointedProse(text, lines),
  ];
}
