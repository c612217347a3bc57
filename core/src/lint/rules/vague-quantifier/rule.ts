/** vague-quantifier: "some", "a few", "short", "concise" where a number would say what is wanted. */
import { LETTER } from '../../reading/characters';
import { GUIDANCE } from '../../guidance';
import { aboutInput, notAnOutputCount } from '../../reading/inputMention';
import { identifyLanguage } from '../../reading/language';
import { isTaskSentence } from '../../reading/taskSentence';
import { anyOf } from '../../reading/phrases';
import { delimitedRanges, insideAny, sentences } from '../../reading/text';
import type { LintRule, RawFinding } from '../../types';

/** A list written as one string, words apart by spaces, an underscore joining the words of a phrase. */
const words = (list: string) => list.split(/\s+/).map((w) => w.replace(/_/g, ' '));

const COUNT_NOUNS = words(
  `ideas examples tips items points bullet_points bullets sentences paragraphs questions options suggestions names titles reasons steps lines headlines taglines slogans variations alternatives keywords hashtags facts quotes jokes takeaways tweets posts captions emails messages experiences activities games exercises sources resources books links recommendations arguments benefits features use_cases subject_lines talking_points strategies ways topics angles approaches solutions events sights places people emojis emoji mistakes errors typos verses stanzas words details characters scenes paths perspectives`,
);
const COUNT = new RegExp(
  `\\b(some|a few|a couple of|several|a number of|various|many|a handful of|multiple|a lot of|lots of|plenty of|numerous|a bunch of|a ton of|tons of)\\s+(?!of\\b)(?:[a-z-]+\\s+){0,3}(${anyOf(COUNT_NOUNS)})\\b`,
  'gi',
);
/**
 * An order to produce things, counted vaguely, whatever the things are: "Name some hazards", "Suggest a
 * few names". The sentence starts with the verb, so it is about the answer, not the input.
 */
const ORDERED_COUNT =
  /^(?:please\s+)?(?:list|give|suggest|name|propose|provide|write|generate|add|offer|share|create|come up with|brainstorm|draft|recommend|identify|point out|flag)\s+(?:me\s+|us\s+)?(some|a few|a couple of|several|a handful of|a number of)\s+[a-z-]+/i;
/**
 * The same vague counts and lengths in the other languages the linter reads (French, Spanish, German,
 * Italian, Portuguese). No fix: the fixes write English.
 */
const FOREIGN_COUNT = new RegExp(
  String.raw`(?<![\w${LETTER}])(quelques|plusieurs|algunos|algunas|unos cuantos|unas cuantas|varios|varias|ein paar|einige|mehrere|alcuni|alcune|qualche|diversi|alguns|algumas|vários|várias)\s+(?!de\b|of\b)[${LETTER}]{3,}`,
  'gi',
);
const FOREIGN_LENGTH = new RegExp(
  String.raw`(?<![\w${LETTER}])(courte?s?|brefs?|brèves?|breves?|cortos?|cortas?|kurze[nrsm]?|kurz|knappe[nrsm]?|knapp|curtos?|curtas?|sucinto|sucinta|succinte?|brièvement|succinctement|brevemente|sucintamente|in breve)(?![\w${LETTER}])`,
  'gi',
);
/** A length counted in one of those languages: "120 mots", "3 frases", "fünf Sätze". */
const FOREIGN_MEASURED =
  /\b(?:\d+|un|une|uno|una|eins?|eine[n]?|zwei|drei|deux|trois|dos|tres|due|tre|dois|duas|três)\s+(?:mots|palabras|wörter|wörtern|parole|palavras|phrases?|frases?|sätzen?|satz|frasi|lignes?|líneas?|zeilen?|righe|linhas?|paragraphes?|párrafos?|absätzen?|absatz|paragrafi|parágrafos?|points?|puntos?|punkte[n]?|punti|pontos?)\b/i;
const SENTENCE_NOUNS =
  'summary|answer|reply|response|description|intro|introduction|explanation|overview|caption|bio|note|notes|message|abstract|paragraph|comment|feedback|update|recap|statement';
const LONG_NOUNS =
  'line|blurb|teaser|pitch|essay|article|story|letter|email|post|text|verses|poem|report|speech|script|blog post|review|list|rundown|synopsis|bullets|bullet points';
const LENGTH = new RegExp(
  `\\b(short|brief|long|lengthy|shortish|concise|succinct|quick)\\s+(?:[a-z-]+\\s+)?(${SENTENCE_NOUNS}|${LONG_NOUNS})\\b`,
  'gi',
);
/** "make it snappy", "be concise", "answer briefly", "the memo should be brief". */
const LENGTH_VERB =
  /\b(keep it|make it|keep (?:the |your )?(?:answers?|repl(?:y|ies)|responses?)|be|(?:should|must) be|answer|reply|respond)\s+(short|brief|briefly|concise|concisely|succinct|succinctly|shortly|tight)\b|\bnot (?:too|overly|very) (?:long|short|lengthy|wordy)\b/gi;
/** A length the reader can check: "120 words", "3 sentences", "one paragraph". */
const MEASURED =
  /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a single)(?:\s*(?:-|to)\s*\d+)?(?:\s+[a-z]+)?[\s-]+(?:words?|sentences?|characters?|chars|lines?|paragraphs?|bullet|bullets|items?|points?|tokens?|pages?|differences|reasons|tips|ideas|examples|steps|questions)\b/i;
/** What the user will bring ("I will give you some texts") is input, not what the model should produce. */
const USER_SIDE =
  /^(?:(?:and|then|also|so),?\s+)?(?:i|i'll|i'm|i've|my|we|we'll|our|the user|users?|when i|if i|once i|after i)\b(?!\s+(?:want|need|would like)\s+(?:you|a|an)\b)/i;

/** The number a fix asks for when the vague word suggests none ("several", "some"): a small list. */
const DEFAULT_COUNT = '5';
const COUNT_FOR: Record<string, string> = { 'a few': '3', 'a handful of': '3', 'a couple of': '2', multiple: '3' };
/** Quantifiers of a large amount: no number stands for them, so no fix is offered. */
const NO_COUNT_FIX = new Set(words(`a_lot_of lots_of plenty_of a_ton_of tons_of a_bunch_of numerous many`));
const LIMIT = 'at most 3 sentences';

/** The same words with the vague length replaced by a number, reading as a sentence would. */
function verbFix(verb: string): string {
  const lower = verb.toLowerCase();
  if (lower === 'be') return `${verb[0] === 'B' ? 'U' : 'u'}se ${LIMIT}`;
  if (/^(?:make it|should be|must be)$/.test(lower)) return `${verb} ${LIMIT} long`;
  if (/^(?:answer|reply|respond)$/.test(lower)) return `${verb} in ${LIMIT}`;
  return `${verb} to ${LIMIT}`;
}

/** A length (not a count) in the sentence: "in at most 3 lines", "of 50 words"; "4 brief bullets" counts only. */
const LENGTH_UNIT =
  /\b(?:\d+|one|two|three|four|five|a single)(?:\s*(?:-|to)\s*\d+)?[\s-]+(?:words?|sentences?|characters?|chars|lines?|paragraphs?|tokens?|pages?)\b/i;

/** The prompt gives this thing a length somewhere: "12-word bullets", "a summary of 50 words". */
function measuredElsewhere(text: string, noun: string): boolean {
  const n = noun.toLowerCase().replace(/s$/, '').replace(/ /g, '\\s+');
  return new RegExp(
    `\\b\\d+[- ](?:word|sentence|line|character)s?(?:[- ]long)?[- ]${n}|\\b${n}s?\\b[^.\\n]{0,30}?\\b(?:\\d+|one|two|three|a single)\\s+(?:words?|sentences?|lines?|characters?)`,
    'i',
  ).test(text);
}

/** An upper limit on the whole answer ("Stay under 60 words"): every length word sits under it. */
const CAP =
  /\b(?:at most|no more than|not more than|up to|under|maximum(?: of)?|max\.?|less than|fewer than)\s+\d+\s*(?:words?|sentences?|characters?|lines?)\b|\b\d+\s+(?:words?|sentences?|characters?) (?:max(?:imum)?|or (?:less|fewer))\b/i;
/** "Each item under 20 words" caps every item, not the whole answer. */
const PER_ITEM = /\b(?:each|per|every)\b/i;

/** First person plural in the six languages: the author telling their own story. */
const WE =
  /^(?:[^,]{0,40},\s*)?(?:nous|notre|nos|nosotros|nosotras|nuestr[oa]s?|wir|unser[e]?[nmrs]?|noi|nostr[oiae]|nós|noss[oa]s?)\b/i;

/** The vague word opens the sentence (at most a character before it): a statement, not an order. */
const OPENING = 1;

/** A vague word in a statement of the author's, not an order: "Quelques voisins sont venus hier", "nous avons reçu plusieurs colis". */
function narrates(span: { text: string; start: number } | undefined, at: number): boolean {
  if (!span || isTaskSentence(span.text)) return false;
  return WE.test(span.text) || at - span.start <= OPENING;
}

/** Vague length words that a number can replace; "long" and "quick" have no such fix. */
const SHORT = /^(?:short|brief|shortish|concise|succinct)$/i;
const PER_SENTENCE = new RegExp(`^(?:${SENTENCE_NOUNS})$`, 'i');
/** "a short recap" -> "a 3-sentence recap"; "a short essay" -> "a 300-word essay". */
const SAY_SENTENCES = { label: 'Say 3 sentences', text: '3-sentence' };
const SAY_WORDS = { label: 'Say 300 words', text: '300-word' };

/** What a fix writes and its label; it replaces the finding's own words. */
type Rewording = Pick<NonNullable<RawFinding['fix']>, 'label' | 'text'>;

/** A finding on `start`..`end`; its fix, if any, replaces the same words. */
function finding(message: string, start: number, end: number, fix?: Rewording): RawFinding {
  return { message, start, end, fix: fix && { ...fix, start, end } };
}

export const vagueQuantifier: LintRule = {
  id: 'vague-quantifier',
  severity: 'info',
  why: '"Some" or "short" means different things to different readers; the model picks its own number and it changes from run to run. A number is followed every time.',
  guidance: GUIDANCE.openaiBestPractices,
  check(text) {
    const data = delimitedRanges(text);
    const spans = sentences(text);
    let at = 0;
    /** Sentences are visited in text order by each pass: a moving cursor finds each one without a search. */
    const spanAt = (i: number) => {
      if (at >= spans.length || spans[at].start > i) at = 0;
      while (at < spans.length && spans[at].end <= i) at++;
      return spans[at]?.start <= i ? spans[at] : undefined;
    };
    const sentenceAt = (i: number) => spanAt(i)?.text ?? '';
    /** In fenced data, or about what the user brings or the input ("The text contains several errors"). */
    const skip = (i: number) => {
      const span = spanAt(i);
      const inputSide = span && (USER_SIDE.test(span.text) || aboutInput(span.text, i - span.start));
      return insideAny(data, i) || inputSide === true;
    };
    const out: RawFinding[] = [];
    const taken = (start: number) => out.some((f) => f.start <= start && f.end > start);
    for (const m of text.matchAll(COUNT)) {
      const span = spanAt(m.index);
      if (skip(m.index) || (span && notAnOutputCount(span, m.index, m[1]))) continue;
      const lower = m[1].toLowerCase();
      const n = COUNT_FOR[lower] ?? DEFAULT_COUNT;
      const fix = NO_COUNT_FIX.has(lower) ? undefined : { label: `Ask for ${n}`, text: n };
      out.push(finding(`"${m[1]} ${m[2]}" does not say how many.`, m.index, m.index + m[1].length, fix));
    }
    for (const span of spans) {
      const m = ORDERED_COUNT.exec(span.text);
      if (!m || insideAny(data, span.start)) continue;
      const inSpan = m.index + m[0].indexOf(m[1]);
      const start = span.start + inSpan;
      if (aboutInput(span.text, inSpan) || taken(start)) continue;
      out.push(finding(`"${m[1]}" does not say how many.`, start, start + m[1].length));
    }
    for (const m of text.matchAll(FOREIGN_COUNT)) {
      if (skip(m.index) || narrates(spanAt(m.index), m.index)) continue;
      out.push(finding(`"${m[0]}" does not say how many.`, m.index, m.index + m[1].length));
    }
    if (!FOREIGN_MEASURED.test(text))
      for (const m of text.matchAll(FOREIGN_LENGTH)) {
        // "the brief's argument": the same letters in an English sentence are another word.
        if (skip(m.index) || identifyLanguage(sentenceAt(m.index)) === 'English') continue;
        out.push(finding(`"${m[1]}" gives no measurable length.`, m.index, m.index + m[1].length));
      }
    // A measure in the same sentence, or one for the same thing elsewhere ("15-word bullets"), makes a length measurable.
    const capped = spans.some((s) => CAP.test(s.text) && !PER_ITEM.test(s.text));
    /** The next sentence measures what this one names: "a brief bio. It must fit in two lines." */
    const measuredNext = (i: number) => {
      const span = spanAt(i);
      const next = span && spans.find((x) => x.start >= span.end);
      return next !== undefined && /^(?:it|they|this|these|each)\b/i.test(next.text) && LENGTH_UNIT.test(next.text);
    };
    for (const m of text.matchAll(LENGTH)) {
      const measured = MEASURED.test(sentenceAt(m.index)) || measuredElsewhere(text, m[2]) || measuredNext(m.index);
      if (capped || skip(m.index) || measured) continue;
      const fix = !SHORT.test(m[1]) ? undefined : PER_SENTENCE.test(m[2]) ? SAY_SENTENCES : SAY_WORDS;
      out.push(finding(`"${m[0]}" gives no measurable length.`, m.index, m.index + m[1].length, fix));
    }
    // "Be concise", "make it snappy": the whole answer's length, measurable by any length the prompt gives.
    const wholeMeasured = MEASURED.test(text);
    for (const m of text.matchAll(LENGTH_VERB)) {
      if (wholeMeasured || skip(m.index) || taken(m.index)) continue;
      // "not overly long" has no verb to keep: no fix.
      const fix = m[1] ? { label: `Say ${LIMIT}`, text: verbFix(m[1]) } : undefined;
      out.push(finding(`"${m[0]}" gives no measurable length.`, m.index, m.index + m[0].length, fix));
    }
    return out;
  },
};
