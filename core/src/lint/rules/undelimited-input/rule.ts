/** undelimited-input: pasted data or user input that is not fenced or tagged, so it can pass for instructions. */
import { constraintSlots } from '../../constraints';
import { GUIDANCE } from '../../guidance';
import { anyOf } from '../../reading/phrases';
import { DESCRIBES } from '../../reading/inputMention';
import { isTaskSentence } from '../../reading/taskSentence';
import { delimitedRanges, insideAny, type Range, sentences, startsWithTask } from '../../reading/text';
import type { LintRule, RawFinding } from '../../types';

const DATA_NOUNS = [
  'text',
  'article',
  'review',
  'email',
  'e-mail',
  'message',
  'document',
  'transcript',
  'conversation',
  'chat',
  'data',
  'input',
  'passage',
  'content',
  'code',
  'log',
  'logs',
  'essay',
  'paragraph',
  'story',
  'feedback',
  'comment',
  'comments',
  'notes',
  'report',
  'ticket',
  'query',
  'question',
  'post',
  'tweet',
  'abstract',
  'excerpt',
  'snippet',
  'letter',
  'description',
  'answer',
  'reply',
  'user input',
  'customer message',
  'context',
  'source',
  'entries',
  'clause',
  'contract',
  'paragraph',
  'sentence',
  'page',
  'thread',
  'chat log',
  'html',
  'json',
  'csv',
  'table',
  'record',
  'statement',
  'quote',
  'speech',
  'lyrics',
  'poem',
  'recipe',
  'policy',
  'terms',
  'plan',
  'function',
  // The same nouns in French, Spanish, German, Italian and Portuguese.
  'texte',
  'texto',
  'testo',
  'mensaje',
  'mensagem',
  'messaggio',
  'nachricht',
  'courriel',
  'correo',
  'reseña',
  'recensione',
  'bewertung',
  'avaliação',
  'commentaire',
  'comentario',
  'comentário',
  'commento',
  'kommentar',
  'pregunta',
  'frage',
  'domanda',
  'pergunta',
  'documento',
  'dokument',
  'artículo',
  'articolo',
  'artigo',
  'artikel',
  'conversación',
  'conversa',
  'conversazione',
  'gespräch',
  'avis',
];

/** "Here is the review:" / "Customer email:" on its own line, data below. */
const INTRO_LINE = new RegExp(`^[^\\n]{0,120}\\b(${anyOf(DATA_NOUNS)})s?\\b[^\\n:]{0,40}:[ \\t]*$`, 'gim');
/** "Summarize this review: The battery died after two days, ..." with the data on the same line. */
const INLINE = new RegExp(
  `\\b(${anyOf(DATA_NOUNS)})s?\\b[^\\n:.]{0,40}:[ \\t]+(?![\\s"'“„‚«‹<\`{\\[])([^\\n]{80,})`,
  'gi',
);
/** "User message: Hi, my card was charged twice" : input after a label at a line's start, nothing fencing it. */
const LABELLED_LINE =
  /^[ \t]*(?:[-*]\s+)?((?:(?:here is|here's|this is|below is) )?(?:the |my |our |a |an )?(?:(?:user|customer|client|student|patient|caller|visitor)(?:'s)?(?: (?:message|input|question|query|request|review|email|text|comment|complaint|feedback|reply))?|input|text|message|email|e-mail|review|query|question|request|comment|feedback|transcript|article|document|passage|snippet|ticket|complaint|conversation|chat|post|tweet)|(?:(?:voici|voilà|aquí está|aquí tienes|hier ist|ecco|aqui está) )?(?:(?:le|la|el|los|die|der|das|il|lo|o|a) |l'|l’)?(?:texte|texto|testo|message|mensaje|mensagem|messaggio|nachricht|kundennachricht|courriel|correo|e-mail|avis|reseña|recensione|bewertung|avaliação|commentaire|comentario|comentário|commento|kommentar|question|pregunta|frage|domanda|pergunta|demande|solicitud|anfrage|richiesta)(?: (?:de l'utilisateur|du client|del usuario|del cliente|des kunden|des nutzers|dell'utente|do cliente|do usuário|da analizzare|à analyser|a analizar|a analisar|zu analysieren|à traiter|a tratar|da trattare|zu bearbeiten))?)[ \t]*:[ \t]+(?!["'“„‚«‹<`{[(])([^\n]{15,})$/gim;
/** Role-play prompts: "My first request is: give me ..." pasted without quotes ("about ...", "to ..." describe it instead). */
const FIRST_REQUEST =
  /\bmy first ((?:suggestion |bullet |sql |code )?(?:request|question|command|sentence|move|prompt|message|input|query|statement|word|line|task|suggestion|text|code|object|topic|point))(?:\s+(?:is|will be)\s*:?|\s*:)\s*(?<=[\s:])(?!(?:to|about|that|going|related|regarding|as follows)\b)()([^\s"'“‘„‚«‹<`{[(][^\n]+)/gi;
/** The next line answers the labelled one ("Output: ...", "Label: ..."): a worked example, not live input. */
const ANSWER_NEXT =
  /^\s*(?:[-*]\s+)?(?:output|answer|label|sentiment|category|response|assistant|reply|class|result|intent|tag|summary|translation|réponse|respuesta|antwort|risposta|resposta|étiquette|etiqueta|etikett|etichetta|catégorie|categoría|kategorie|categoria|sentimiento|sentimento|stimmung|résumé|resumen|zusammenfassung|riassunto|resumo)\s*:/i;

/** Lines introducing a format or rules, not data. */
const NOT_DATA_INTRO =
  /\b(?:should|must|will|would be|could be|needs? to|include|includes|contain|contains|cover|format|structure|rules?|steps?|instructions?|guidelines?|requirements?|criteria|sections?|example|examples|following (?:fields|keys|questions)|questions? to answer)\b/i;
/** "with one category: billing, bug or account" introduces choices; "in <text> tags" means the data is fenced elsewhere. */
const INLINE_NOT_DATA =
  /\b(?:with|as|into|in the form|one of|categor(?:y|ies)|labels?|tags?|keys?|columns?|options?|choices?)\b|\b(?:catégor|categor|kategor)[\wà-ú]*|[<>]/i;

const tagFor = (noun: string) =>
  noun
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '_')
    .replace(/^e_mail$/, 'email');

function startsDelimited(s: string): boolean {
  return /^\s*(?:```|"""|'''|<[A-Za-z][\w-]*(?:\s[^<>]*)?>|---|===|["'“„‚«‹[{])/.test(s);
}

/** A list, or sentences telling the model what to do: the author's own instructions, not pasted data. */
function readsAsInstructions(block: string): boolean {
  const first = block.trimStart().split('\n', 1)[0];
  return /^(?:[-*•]|--|\d+[.)]|#)\s/.test(first) || startsWithTask(first) || DIRECTIVE.test(first);
}
/** Orders to the model: "Ensure ...", "Your items must ...". */
const DIRECTIVE = /^(?:ensure|make sure|always|never|do not|don't)\b|^(?:the|your)\b[^.]{0,60}\b(?:must|should)\b/i;
/** The line starts by asking for something to be produced, or with a negated order. */
const OUTPUT_OR_ORDER =
  /^\s*(?:[-*]\s+)?(?:(?:please|now)\s+)?(?:write|create|draft|generate|compose|produce|design|don't|do not|never|avoid|rédige[zs]?|écris|écrivez|crée[zs]?|génère[zs]?|redacta|escribe|crea|genera|schreibe|verfasse|erstelle|scrivi|redigi|escreva|redija|crie|gere)(?![\wÀ-ÿ])/i;
/** A length or format slot in the first 80 characters after `at`: the text there describes the answer. */
const setsTheAnswer = (text: string, at: number) =>
  constraintSlots(text).some((s) => s.start >= at && s.start < at + 80 && s.kind !== 'depth' && s.kind !== 'extra');
/** "Here is the text:", "Voici le texte :", "Hier ist die E-Mail:": what follows is presented as data. */
const PRESENTS =
  /\b(?:here is|here's|here are|this is|below is|voici|voilà|aquí está|aquí tienes|hier ist|ecco|aqui está)\b[^:\n]{0,40}$/i;
const lineStart = (text: string, at: number) => text.slice(text.lastIndexOf('\n', at - 1) + 1, at);
/** The sentence before `at` on its line, up to `at`: "Its weaknesses were also clear in " before "reviews:". */
const sentenceBefore = (text: string, at: number) =>
  lineStart(text, at)
    .split(/[.!?]\s+/)
    .pop() ?? '';

export const undelimitedInput: LintRule = {
  id: 'undelimited-input',
  severity: 'warning',
  why: 'Without a fence or tags, the model cannot tell where your instructions end and the pasted text begins; a sentence in that text like "ignore the above" can take over the prompt (prompt injection).',
  guidance: GUIDANCE.xmlTags,
  check(text) {
    const data = delimitedRanges(text);
    const out: RawFinding[] = [];
    const wrap = (noun: string, start: number, end: number, label = 'Wrap it in tags'): RawFinding['fix'] => {
      const tag = tagFor(noun);
      return { label, start, end, text: `<${tag}>\n${text.slice(start, end)}\n</${tag}>` };
    };

    for (const m of text.matchAll(INTRO_LINE)) {
      // "ONE SENTENCE SUMMARY:" in capitals heads a section of the answer's template, not pasted data.
      const heading = m[0].trim().replace(/:$/, '');
      if (NOT_DATA_INTRO.test(m[0]) || insideAny(data, m.index) || heading === heading.toUpperCase()) continue;
      const after = m.index + m[0].length + 1;
      if (after >= text.length) continue;
      const rest = text.slice(after);
      if (startsDelimited(rest)) continue;
      const lead = rest.length - rest.trimStart().length;
      const block = /^[\s\S]*?(?=\n[ \t]*\n|$)/.exec(rest.slice(lead))?.[0] ?? '';
      if (block.trim().length < 60 || /^\s*\{\{[^}]+\}\}\s*$/.test(block) || readsAsInstructions(block)) continue;
      const start = after + lead;
      out.push({
        message: `The ${m[1].toLowerCase()} below is not fenced off from your instructions.`,
        start,
        end: start + block.length,
        fix: wrap(m[1], start, start + block.length),
      });
    }
    for (const m of text.matchAll(INLINE)) {
      const intro = m[0].slice(0, m[0].indexOf(':'));
      if (NOT_DATA_INTRO.test(intro) || INLINE_NOT_DATA.test(intro) || insideAny(data, m.index)) continue;
      // "3) Data Backup: It's recommended ..." titles a list item of the author's own text.
      if (/^\s*(?:\d+[.)]|[-*•])\s+$/.test(lineStart(text, m.index)) && /^(?:[A-Z][\w-]*\s*)+$/.test(intro)) continue;
      // "Here is the text: ..." says that what follows is data, whatever it reads like.
      const presented = PRESENTS.test(lineStart(text, m.index) + intro);
      // "**Feedback**: Provide feedback on ..." is a heading over an instruction, not pasted data.
      if (/\*\*\s*$/.test(intro) || startsWithTask(m[2]) || (!presented && readsAsInstructions(m[2]))) continue;
      // "Write the FAQ for our page: ..." names what to produce; "Don't give the answer yet: ..." is an order.
      const said = sentenceBefore(text, m.index);
      if (!presented && OUTPUT_OR_ORDER.test(said + intro)) continue;
      // "Our funding comes from three sources: ...", "Its flaws were clear in reviews: ...": the author's own account.
      if (!presented && DESCRIBES.test(said) && !isTaskSentence(said.trim()) && !startsWithTask(said.trim())) continue;
      // "The report: at most 120 words of plain prose, ..." sets the answer's length or format: a spec, not data.
      if (!presented && setsTheAnswer(text, m.index + m[0].length - m[2].length)) continue;
      const start = m.index + m[0].length - m[2].length;
      const end = m.index + m[0].length;
      if (out.some((f) => f.start <= start && f.end >= start)) continue;
      out.push({
        message: `The ${m[1].toLowerCase()} after the colon is not fenced off from your instructions.`,
        start,
        end,
        fix: wrap(m[1], start, end),
      });
    }
    for (const m of text.matchAll(FIRST_REQUEST)) {
      const start = m.index + m[0].length - m[3].length;
      const end = start + m[3].replace(/\s+$/, '').length;
      if (insideAny(data, m.index) || /^\{\{[^}]+\}\}/.test(m[3])) continue;
      out.push({
        message: `Your first ${m[1].toLowerCase()} is not quoted or fenced off from your instructions.`,
        start,
        end,
        fix: { label: 'Put it in quotes', start, end, text: `"${text.slice(start, end)}"` },
      });
    }
    for (const m of text.matchAll(LABELLED_LINE)) {
      const start = m.index + m[0].length - m[2].length;
      const end = paragraphEnd(text, m.index + m[0].length);
      if (insideAny(data, m.index) || out.some((f) => f.start <= start && f.end >= start)) continue;
      if (
        /^\s*\{\{[^}]+\}\}\s*$/.test(m[2]) ||
        startsWithTask(m[2]) ||
        ANSWER_NEXT.test(text.slice(m.index + m[0].length + 1, end + 200))
      )
        continue;
      if (/\b(?:examples?|e\.g\.)\b[^\n]*:?[ \t]*\n?[^\n]*$/i.test(text.slice(Math.max(0, m.index - 80), m.index)))
        continue;
      const noun = m[1].split(/[\s']/).pop() ?? 'input';
      out.push({
        message: `The ${m[1].toLowerCase().replace(/^(?:here is|here's|this is|below is) /, '')} after the label is not fenced off from your instructions.`,
        start,
        end,
        fix: wrap(noun === 'user' ? 'input' : noun, start, end),
      });
    }
    for (const f of [
      ...pointedAt(text, data),
      ...pointedByThis(text, data),
      ...pastedEmails(text, data),
      ...inlineAfterThis(text, data),
    ])
      if (!out.some((o) => o.start < f.end && f.start < o.end)) out.push(f);
    // What stands under an "# EXAMPLE" heading is a worked example, not live input.
    if (!out.length) return out;
    const headings = [...text.matchAll(HEADING)];
    return out.filter((f) => !exampleHeading(headings, f.start));
  },
};

/** Where the paragraph holding `from` ends: the next blank line, or a line that labels an answer. */
function paragraphEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length) {
    const next = text.indexOf('\n', end + 1);
    const line = text.slice(end + 1, next < 0 ? text.length : next);
    if (line.trim() === '' || ANSWER_NEXT.test(line) || startsWithTask(line.trim())) break;
    end = next < 0 ? text.length : next;
  }
  return end;
}

const ANY_DATA_NOUN = anyOf(DATA_NOUNS);
/** "Extract the dates from the email thread below." at a line's end, the data on the next lines. */
const POINTS_BELOW = new RegExp(`\\b${ANY_DATA_NOUN}s?\\s+(?:below|that follows)\\b[^\\n]*[.:]?[ \\t]*$`, 'gim');
/** "Summarize the above in 3 bullets.": the data is what came before. */
const POINTS_ABOVE = new RegExp(`^[^\\n]*\\b(?:the above|the ${ANY_DATA_NOUN}s? above|everything above)\\b`, 'gim');
const MIN_POINTED_DATA = 60;
/** A block that starts "Example output:" or "Expected answer:" is a worked example of the answer, not the data. */
const EXAMPLE_LABEL = /^\s*(?:(?:an? )?(?:example|sample|expected)\b[^\n:]{0,30}|output|answer|response)\s*:/i;

/** Data the instructions point at ("below", "the above") with nothing fencing it. */
function pointedAt(text: string, data: readonly Range[]): RawFinding[] {
  const out: RawFinding[] = [];
  const fenced = (a: number, b: number) => data.some(([x, y]) => x < b && a < y);
  for (const m of text.matchAll(POINTS_BELOW)) {
    const after = m.index + m[0].length + 1;
    const rest = text.slice(after);
    if (after >= text.length || startsDelimited(rest) || insideAny(data, m.index)) continue;
    const lead = rest.length - rest.trimStart().length;
    const block = /^[\s\S]*?(?=\n[ \t]*\n|$)/.exec(rest.slice(lead))?.[0] ?? '';
    const start = after + lead;
    if (
      block.trim().length < MIN_POINTED_DATA ||
      readsAsInstructions(block) ||
      isTaskSentence(block.split('\n', 1)[0].trim()) ||
      EXAMPLE_LABEL.test(block) ||
      fenced(start, start + block.length) ||
      // "Review the function below." with the function fenced further down: the pointer means that block.
      data.some(([x]) => x >= start + block.length)
    )
      continue;
    out.push(blockBelow(text, start, block));
  }
  for (const m of text.matchAll(POINTS_ABOVE)) {
    if (insideAny(data, m.index)) continue;
    const before = text.slice(0, m.index).trimEnd();
    const cut = before.lastIndexOf('\n\n');
    const start = cut < 0 ? 0 : cut + 2;
    const lead = before.length - before.slice(start).trimStart().length;
    if (
      before.length - lead < 4 * MIN_POINTED_DATA ||
      fenced(lead, before.length) ||
      readsAsInstructions(before.slice(lead))
    )
      continue;
    out.push({
      message: 'The text above is not fenced off from your instructions.',
      start: lead,
      end: before.length,
      fix: wrapIn('input', text, lead, before.length),
    });
  }
  return out;
}

function wrapIn(tag: string, text: string, start: number, end: number): RawFinding['fix'] {
  return { label: 'Wrap it in tags', start, end, text: `<${tag}>\n${text.slice(start, end)}\n</${tag}>` };
}

/**
 * "summarize this for me", "Fix the error in this function", "Résume ce texte :" at a line's end: an
 * order pointing at what comes next, then the data below it with nothing fencing it.
 */
const POINTS_AT_NEXT =
  /(?<![\wÀ-ÿ])(?:this|these|the following|following|ce|cet|cette|ces|ci-dessous|suivante?s?|este|esta|estos|estas|siguientes?|dies(?:e[snm]?)?|folgende[nmrs]?|questo|questa|questi|queste|seguenti?|seguintes?)(?:\s+[\wÀ-ÿ'-]+){0,3}?(?:\s+(?:for me|please|s'il te plaît|por favor|bitte|per favore))?[ \t]*[.:]?[ \t]*$/i;

/** Input announced for later: "in the next message", "dans le prochain message". */
const LATER =
  /\b(?:next message|siguiente mensaje|prochain message|message suivant|nächsten nachricht|prossimo messaggio|próxima mensagem|later|plus tard|más tarde|später|più tardi|mais tarde)\b/i;

/** An order whose object is "this": "Summarize this ...", "Traduis ceci ...", "Resume esto ...". */
const DEICTIC =
  '(?:this|these|the following|ceci|ce texte|cela|esto|este texto|dies|diesen text|questo|questo testo|isto|este texto)';
const VERB_THIS = new RegExp(`^(?:please\\s+)?[a-zA-ZÀ-ÖØ-öø-ÿ]+\\s+${DEICTIC}(?![a-zA-ZÀ-ÖØ-öø-ÿ])`, 'i');
/** "Translate this into Spanish, and return only the translation: Hey team, ..." with the data on the same line. */
const THIS_THEN_DATA = new RegExp(
  `(?:^|[.!?][ \\t]+)((?:please\\s+)?[a-zA-ZÀ-ÖØ-öø-ÿ]+\\s+${DEICTIC}(?![a-zA-ZÀ-ÖØ-öø-ÿ])[^:\\n]{0,120}?)[ \\t]*:[ \\t]+(?!["'“„‚«‹<\`{[(])([^\\n]{60,})`,
  'gim',
);

/** Data pasted on the line of an order pointing at "this", after a colon. */
function inlineAfterThis(text: string, data: readonly Range[]): RawFinding[] {
  const out: RawFinding[] = [];
  for (const m of text.matchAll(THIS_THEN_DATA)) {
    const order = m[1];
    const start = m.index + m[0].length - m[2].length;
    if (
      insideAny(data, start) ||
      !isTaskSentence(order) ||
      NOT_DATA_INTRO.test(order) ||
      LATER.test(order) ||
      /\{\{/.test(m[2]) ||
      // "0.8+: Continue ... 0.5-0.7: ...": a rubric of the author's, not pasted prose.
      /^[^:]{0,30}:/.test(m[2]) ||
      startsWithTask(m[2]) ||
      readsAsInstructions(m[2]) ||
      setsTheAnswer(text, start)
    )
      continue;
    out.push({
      message: 'The text after the colon is not fenced off from your instructions.',
      start,
      end: m.index + m[0].length,
      fix: wrapIn('input', text, start, m.index + m[0].length),
    });
  }
  return out;
}

function pointedByThis(text: string, data: readonly Range[]): RawFinding[] {
  const out: RawFinding[] = [];
  let lineStart = 0;
  for (const line of text.split('\n')) {
    const at = lineStart;
    lineStart += line.length + 1;
    // Only a line's tail can point at what follows it: the regex reads the last 80 characters.
    if (line.length > 160) continue;
    // The pointing order is the line's last sentence; "the next message" announces input still to come.
    const order = sentences(line).at(-1)?.text ?? '';
    // "Summarize this for me, I missed the meeting:": the order points before the line's end.
    if (!POINTS_AT_NEXT.test(line.slice(-80)) && !(/:\s*$/.test(line) && VERB_THIS.test(order))) continue;
    if (insideAny(data, at) || NOT_DATA_INTRO.test(order) || LATER.test(order) || !isTaskSentence(order)) continue;
    const after = at + line.length + 1;
    const rest = text.slice(after);
    if (after >= text.length || startsDelimited(rest)) continue;
    const lead = rest.length - rest.trimStart().length;
    const block = /^[\s\S]*?(?=\n[ \t]*\n|$)/.exec(rest.slice(lead))?.[0] ?? '';
    const start = after + lead;
    if (
      block.trim().length < MIN_POINTED_DATA ||
      /^\s*\{\{[^}]+\}\}\s*$/.test(block) ||
      readsAsInstructions(block) ||
      isTaskSentence(block.split('\n', 1)[0].trim()) ||
      // "Background:", "S Tier (...): ...", "Q: ...": a template, a rubric or worked examples, not pasted prose.
      /^[^\n:]{0,60}:/.test(block) ||
      // "SALES FUNDAMENTALS (i.e., ...)": a headed section of the prompt's own rubric.
      /^[A-Z][A-Z&/-]+(?: [A-Z][A-Z&/-]+)+\b/.test(block) ||
      EXAMPLE_LABEL.test(block) ||
      insideAny(data, start)
    )
      continue;
    out.push(blockBelow(text, start, block));
  }
  return out;
}

/** An e-mail header pasted as is: "From: ..." then "Subject: ..." within three lines, in the six languages. */
const EMAIL_HEADER =
  /^[ \t]*(?:from|de|von|da)[ \t]*:[ \t]*([^\n]+)\n(?:[^\n]*\n){0,2}?[ \t]*(?:subject|objet|asunto|betreff|oggetto|assunto)[ \t]*:[ \t]*([^\n]+)$/gim;

/** A pasted e-mail (its header lines, then its body) outside any fence or tags. */
function pastedEmails(text: string, data: readonly Range[]): RawFinding[] {
  const out: RawFinding[] = [];
  for (const m of text.matchAll(EMAIL_HEADER)) {
    // "From: {{sender}}", "Subject: <a short subject>": a template to fill, not a pasted e-mail.
    if (insideAny(data, m.index) || /[{[]|<(?![^>\n]*@)/.test(m[1] + m[2])) continue;
    const end = text.indexOf('\n\n', m.index + m[0].length);
    const stop = end < 0 ? text.length : end;
    out.push({
      message: 'This pasted e-mail is not fenced off from your instructions.',
      start: m.index,
      end: stop,
      fix: wrapIn('email', text, m.index, stop),
    });
  }
  return out;
}

/** A markdown heading or a line in capitals: "# EXAMPLE", "OUTPUT FORMAT:". */
const HEADING = /^(?:#{1,6}[ \t]+[^\n]+|[A-Z][A-Z \t&-]{2,40}:?)[ \t]*$/gm;

/** The nearest heading before `at` ("# EXAMPLE", "EXAMPLES:", "## Beispiel") names an example section. */
function exampleHeading(headings: RegExpMatchArray[], at: number): boolean {
  let last = '';
  for (const h of headings) if ((h.index ?? 0) < at) last = h[0];
  return /\b(?:examples?|samples?|demo|exemples?|ejemplos?|beispiele?|esempi|esempio|exemplos?)\b/i.test(last);
}

/** The finding for a block of text below an order that points at it, with nothing fencing it. */
function blockBelow(text: string, start: number, block: string) {
  return {
    message: 'The text below is not fenced off from your instructions.',
    start,
    end: start + block.length,
    fix: wrapIn('input', text, start, start + block.length),
  };
}
