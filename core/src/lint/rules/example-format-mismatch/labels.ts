/** Example answers checked against a closed set of labels, or against "one word" / "one label" only. */
import { LETTER, WORD_END, WORD_START } from '../../reading/characters';
import { anyOf, combine } from '../../reading/phrases';
import type { RawFinding } from '../../types';

/** Nouns naming a set of labels: "Allowed labels: a, b, c", "Categories: Billing, Outages". */
const SET_NOUNS =
  'labels?|tags?|categor(?:y|ies)|class(?:es)?|intents?|sentiments?|priorit(?:y|ies)|levels?|teams?|departments?|queues?|kategorien?|catégories?|categorías?|categori[ae]|étiquettes?|etiquetas?|etiketten?|etichett[ae]';
/** What introduces the labels: "one of", "answer only with". */
const SET_INTRO_PHRASES =
  'one of the following|one of|either|choose from|pick from|output only|parmi|una de estas|eine der folgenden|una delle seguenti|uma das seguintes';
const SET_INTROS = [
  ...SET_INTRO_PHRASES.split('|'),
  ...combine(['answer', 'respond', 'reply'], ['with', 'only with', 'with only', 'only']),
];
/** What introduces the labels with words between: "Label each review as: ...", "classify it into ...". */
const GAPPED_INTROS = [
  `(?:${SET_NOUNS})\\b[^.:\\n]{0,60}?:`,
  `classif[${LETTER}]*\\b[^.:\\n]{0,80}?\\b(?:as|into|comme|como|come|als|en|in|em)`,
  'whether\\b[^.:\\n]{0,60}?\\b(?:is|are)',
];
const LABEL_WORD = `(?:an? )?["'\`]?[${LETTER}][${LETTER}\\d_-]*["'\`]?`;
const SEPARATOR = '\\s*[,/|]\\s*|\\s+(?:or|ou|o|oder|u)\\s+|,\\s*(?:or|ou|o|oder)\\s+';
/** At most this many labels are read in one set: a longer run of words is a sentence, not a set. */
const MAX_LABELS = 12;
/** A set has at least two labels: one word after "one of" is no choice. */
const MIN_LABELS = 2;
const ALLOWED_SET = new RegExp(
  `${WORD_START}(?:${GAPPED_INTROS.join('|')}|${anyOf(SET_INTROS)})\\s*:?\\s*((?:${LABEL_WORD}(?:${SEPARATOR})){1,${MAX_LABELS - 1}}${LABEL_WORD})`,
  'i',
);
/** "Tag the sentiment (positive, negative)": the set in brackets after what is labelled. */
const BRACKETED_SET = new RegExp(
  `${WORD_START}(?:${SET_NOUNS}|classify|tag|label|rate)\\b[^.\\n(]{0,40}?\\(\\s*((?:${LABEL_WORD}(?:${SEPARATOR})){1,${MAX_LABELS - 1}}${LABEL_WORD})\\s*\\)`,
  'i',
);
/** An example answer: "Label: x" on its own line, or "... -> x" at a line's end. */
const LABEL_ANSWER = new RegExp(
  `(?:^[ \\t]*(?:(?:example|sample|expected) )?|[ \\t](?=(?:label|category|sentiment|class|intent|tag)\\b))(?:output|label|answer|reply|response|category|sentiment|class|classification|result|intent|tag|priority|level|score|rating|antwort|réponse|respuesta|ausgabe|kategorie|catégorie|categoría|categoria|étiquette|etiqueta|etikett|etichetta|risposta|resposta)[ \\t]*:[ \\t]*["'\`]?([${LETTER}\\d][\\w${LETTER} ,'"“”€$%.-]{0,80}?)["'\`]?[ \\t]*\\.?[ \\t]*$|(?:->|=>|→)[ \\t]*["'\`]?([${LETTER}][\\w${LETTER}'-]{0,30})["'\`]?[ \\t]*\\.?[ \\t]*$`,
  'gim',
);
/** The prompt holds the answer to a letter case: "in lowercase", "exactly as listed". */
const CASE_ASKED =
  /\b(?:lower-?case|upper-?case|all caps|capital letters|exactly as (?:written|listed|shown|given)|verbatim|minuscules?|majuscules?|minúsculas?|mayúsculas?|kleinbuchstaben|großbuchstaben|minuscolo|maiuscolo|maiúsculas?)\b/i;
/** The answer is held to one word or one label: "Answer in one word", "just one tag". */
const ONE_THING = new RegExp(
  `\\b(?:${anyOf(combine(['a single', 'one', 'only one', 'exactly one', 'just one'], ['word', 'label', 'category', 'tag', 'class']))}|un seul mot|en un mot|una (?:sola )?palabra|(?:einem|ein) (?:einzigen )?wort|una (?:sola )?parola|uma (?:única )?palavra)\\b(?![- ](?:each|per)\\b)`,
  'i',
);
const ONE_WORD = /\b(?:word|mot|palabra|wort|parola|palavra)\b/i;
/** A phrase of this many words or more is no single word. */
const PHRASE_WORDS = 3;
const SEVERAL = new RegExp(`^[${LETTER}-]+(?:\\s*(?:,|/|\\band\\b|&)\\s*[${LETTER}-]+)+$`);

interface Answer {
  value: string;
  start: number;
}

function answersIn(text: string): Answer[] {
  return [...text.matchAll(LABEL_ANSWER)].map((m) => {
    const raw = m[1] ?? m[2];
    return { value: raw.trim(), start: m.index + m[0].lastIndexOf(raw) };
  });
}

function labelFindings(text: string, answers: Answer[]): RawFinding[] {
  const set = ALLOWED_SET.exec(text) ?? BRACKETED_SET.exec(text);
  if (!set) return [];
  const labels = set[1]
    .split(new RegExp(SEPARATOR))
    .map((l) => l.replace(/["'`]/g, '').replace(/^an? /i, '').trim())
    .filter(Boolean);
  if (labels.length < MIN_LABELS) return [];
  const setEnd = set.index + set[0].length;
  const onlyLabel = /\bonly\b|\bnothing else\b/i.test(set[0]);
  return (
    answers
      // "LABEL - the reason": a label followed by what the prompt asks after it, unless the label alone is asked.
      .filter(
        (a) => a.start >= setEnd && !labels.some((l) => a.value === l || (!onlyLabel && a.value.startsWith(`${l} - `))),
      )
      .map(({ value, start }) => {
        const end = start + value.length;
        const caseOnly = labels.find((l) => l.toLowerCase() === value.toLowerCase());
        const mentioned = labels.filter((l) =>
          new RegExp(`${WORD_START}${l.replace(/-/g, '\\-')}${WORD_END}`, 'i').test(value),
        );
        const replacement = caseOnly ?? (mentioned.length === 1 ? mentioned[0] : undefined);
        return {
          message: `"${value}" is not one of the allowed labels (${labels.join(', ')}).`,
          start,
          end,
          // Another letter case may well be read as the same label: only a note, unless the case is asked.
          ...(caseOnly && !CASE_ASKED.test(text) ? { severity: 'info' as const } : {}),
          fix: replacement === undefined ? undefined : { label: `Use "${replacement}"`, start, end, text: replacement },
        };
      })
  );
}

/** An example answer that is a phrase, or lists several things, where the prompt asks for a single one. */
function singleFindings(text: string, answers: Answer[], taken: RawFinding[]): RawFinding[] {
  const asked = ONE_THING.exec(text);
  if (!asked) return [];
  const oneWord = ONE_WORD.test(asked[0]);
  return answers.flatMap(({ value, start }) => {
    if (start < asked.index || taken.some((f) => f.start <= start && f.end > start)) return [];
    const kind =
      oneWord && value.split(/\s+/).length >= PHRASE_WORDS
        ? 'is a whole phrase'
        : SEVERAL.test(value)
          ? 'gives several'
          : undefined;
    if (!kind) return [];
    const message = `The prompt asks for ${asked[0].toLowerCase()}, but this example answer ${kind}.`;
    return [{ message, start, end: start + value.length }];
  });
}

/** A numeric scale: "from 1 to 5", "between 1 and 7", "de 1 à 5", "von 1 bis 10". */
const SCALE =
  /\b(?:from|between|de|del|entre|von|zwischen|da|tra)\s+(\d{1,3})\b[^.\n\d]{0,30}?\b(?:to|and|à|a|al|y|et|bis|und|e)\s+(\d{1,3})\b/i;

/** A number answer off the stated scale: outside it, or not a whole number. */
function scaleFindings(text: string, answers: Answer[]): RawFinding[] {
  const scale = SCALE.exec(text);
  const [lo, hi] = scale ? [Number(scale[1]), Number(scale[2])] : [0, 0];
  if (!scale || !(lo < hi)) return [];
  return answers.flatMap(({ value, start }) => {
    const n = Number(value.replace(',', '.'));
    if (start < scale.index || !/^-?\d/.test(value) || Number.isNaN(n) || (Number.isInteger(n) && n >= lo && n <= hi))
      return [];
    const message = `"${value}" is not a whole number from ${lo} to ${hi}, as the prompt asks.`;
    return [{ message, start, end: start + value.length }];
  });
}

/** Example answers outside the allowed labels or scale, or more than the single word or label asked for. */
export function answerFindings(text: string, taken: RawFinding[]): RawFinding[] {
  const answers = answersIn(text);
  const found = [...labelFindings(text, answers), ...scaleFindings(text, answers)];
  return [...found, ...singleFindings(text, answers, [...taken, ...found])];
}
