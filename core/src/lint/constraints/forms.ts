/**
 * The form asked of the answer (a data format, a table, a list, a letter, prose, markdown, code marks),
 * forms forbidden, and prose asked around the answer. Data formats count when the answer is framed as
 * them, not when the input is.
 */
import { LETTER } from '../reading/characters';
import { asks, bans, type Extractor, whole } from './patterns';
import type { Format } from './slot';

const DATA = '(json|csv|yaml|xml)';
const ANSWER_VERB = 'respond|reply|answer|return|output|format(?:ted)?|give|provide|produce|write|structured?';
const FOREIGN_AS = 'como|comme|come|als|em|en|au format|en formato|im Format|in formato|no formato|em formato';
/** A data format the answer is framed as: "return it as JSON", "JSON object", "only CSV", "en formato JSON". */
const AS_DATA = `(?:${ANSWER_VERB})\\b[^.\\n]{0,30}?\\b(?:as|in|into|using)\\s+(?:a |an |valid |strict |plain |raw )?${DATA}|${DATA} (?:object|array|format|output|only|response|document|file)|(?:as|in|into) (?:valid |strict |raw )?${DATA}|(?:valid|only|strict|raw) ${DATA}`;
const FOREIGN_AS_DATA = `(?:${FOREIGN_AS}) (?:(?:un|una|uma|ein|einen|um) )?(?:(?:objeto|objet|oggetto|Objekt) )?${DATA}(?:-Objekt)?`;

const LETTER_FORM =
  '(?:as|in the form of|formatted as|written as) (?:a |an )?(?:[\\w-]+ ){0,2}?(?:letter|e-?mail)(?! (?:address|subject|template))|(?:plain|personal|traditional) letter|letter format';
const FOREIGN_LETTER_FORM = `(?:comme|sous (?:la )?forme d'|como|come|als|em forma de|en forma de|in forma di) (?:(?:une?|una|uma|einen?|ein) )?(?:[${LETTER}]+ )?(?:lettre|carta|Brief|lettera)`;

/** The forbidden thing a ban names, as a format. */
function forbidden(what: string): Format {
  const w = what.toLowerCase();
  if (w.startsWith('table')) return 'table';
  if (w === 'json' || w === 'markdown' || w === 'formatting') return w;
  return /backtick|code/.test(w) ? 'code' : 'list';
}

export const FORM_EXTRACTORS: readonly Extractor[] = [
  [
    whole(`${AS_DATA}|${FOREIGN_AS_DATA}`),
    (m) => ({
      kind: 'format',
      format: m.slice(1).find(Boolean)?.toLowerCase() as Format,
      only: /\bonly\b/i.test(m[0]),
    }),
  ],
  [whole('(?:in|as|using|use|with) markdown(?! table)|markdown (?:headings?|headers?|formatting)'), asks('markdown')],
  [
    whole(
      '(?:in|as|into) (?:a )?(?:markdown |simple |two-column |comparison )?table|tabular (?:form|format)|markdown table',
    ),
    asks('table'),
  ],
  [
    whole(
      '(?:in |as )?(?:a )?(?:bulleted|numbered) list|bullet points|as a list|in a list|use bullets|in bullet form|(?:its|their) own bullet(?: point)?|separate bullets',
    ),
    asks('list'),
  ],
  [whole(`${LETTER_FORM}|${FOREIGN_LETTER_FORM}`), asks('letter')],
  [
    whole(
      'in (?:plain |flowing |continuous )?prose|as (?:plain|flowing|running) (?:text|prose)|in essay form|plain text only|only plain text',
    ),
    asks('prose'),
  ],
  [
    whole(
      '(?:in|inside|within|with|using|use) (?:single |inline |triple )?backticks|(?:in|inside|within) (?:a |fenced )?code blocks?|use (?:fenced )?code blocks',
    ),
    asks('code'),
  ],
  [
    whole(
      "(?:no|avoid(?: using)?|don'?t use|do not use|without|never use)(?: any)? (bullet(?:ed)?(?: points| lists)?|bullets|lists|numbered lists|tables?|json|markdown|formatting(?! (?:like|such as|other than|beyond|except))|backticks|code blocks)(?: formatting)?",
    ),
    (m) => ({ kind: 'forbid', format: forbidden(m[1]) }),
  ],
  [
    whole(
      'sans (?:aucune )?mise en forme|sin (?:ningún )?formato|ohne (?:jede )?Formatierung|senza (?:alcuna )?formattazione|sem (?:nenhuma )?formatação',
    ),
    bans('formatting'),
  ],
  [
    whole("(?:no|don'?t|do not|never|without)(?: write| give| add| include| provide)?(?: any)? explanations?"),
    bans('explanation'),
  ],
  [
    whole(
      '(?:explain|justify) (?:your|the) (?:reasoning|answer|choice|thinking)|show your (?:work|reasoning)|(?:add|include|write|give) (?:a |an )?(?:short )?(?:explanations?|commentary|introduction|preamble)|(?:start|begin|open) (?:your (?:reply|answer|response|message) )?with (?:a |an )?(?:short |brief |friendly |warm )?(?:introduction|greeting|preamble|paragraph|intro)',
    ),
    () => ({ kind: 'extra' }),
  ],
];
