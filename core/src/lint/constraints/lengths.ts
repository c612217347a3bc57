/**
 * Size and depth asked of the answer: a maximum or minimum of words, sentences, paragraphs or items, a
 * count of things, shortness without a number, and depth. In English and in the five other languages
 * the linter reads.
 */
import {
  COUNTED,
  type Extractor,
  FOREIGN_NUM,
  FOREIGN_UNIT,
  n,
  NUM,
  numberFirst,
  sized,
  UNIT,
  whole,
} from './patterns';
import { unitOf } from './slot';

const AT_MOST =
  "(?:limit|cap|ceiling) of|under|fewer than|less than|no more than|not more than|at most|(?:a )?maximum(?: of)?|max\\.?|up to|within|no longer than|stay (?:below|under)|keep (?:it |the \\w+ )?(?:under|below|within)|limit(?:ed)? (?:it |yourself |your \\w+ )?to|(?:not|never|don't) (?:exceed|go (?:over|beyond))";
const AT_LEAST = 'at least|(?:a )?minimum of|no fewer than|no less than|more than';
const FOREIGN_AT_MOST =
  '(?:ne )?doit pas dépasser(?: les)?|non deve superare(?: le| i)?|no debe (?:superar|exceder)(?: las| los)?|não deve ultrapassar(?: as| os)?|au plus|au maximum|pas plus de|moins de|no más de|menos de|como máximo|höchstens|maximal|nicht mehr als|weniger als|al massimo|non più di|meno di|no máximo|não mais de';
const FOREIGN_AT_LEAST =
  'au moins|au minimum|al menos|como mínimo|por lo menos|mindestens|wenigstens|almeno|pelo menos|no mínimo';
const FOREIGN_ONE_SENTENCE =
  'en une (?:seule )?phrase|en una (?:sola )?frase|in einem (?:einzigen )?Satz|in una (?:sola )?frase|em uma (?:única )?frase';
const FOREIGN_MAX_AFTER = 'maximum|max\\.?|máximo|maximal|höchstens|al massimo|no máximo';

const SHORT_THINGS = 'answer|reply|response|explanation|summary|paragraph|overview|note';
const BREVITY = `concise(?:ly)?|briefly|succinct(?:ly)?|(?:be|keep it|keep (?:the |your )?(?:${SHORT_THINGS})s?|make it|stay) (?:brief|short|concise)|(?:brief|short) (?:${SHORT_THINGS})|as short as possible`;

/** Depth asked by degree (detail, thoroughness) or by coverage of everything. */
const DEPTH = [
  'in (?:great |full |considerable |much )?detail',
  '(?:very |highly )?detailed (?:explanation|analysis|answer|description|breakdown|account|report|review)',
  'as detailed as possible|as much detail as possible',
  'thoroughly|comprehensively|exhaustive(?:ly)?|at length|in full|in[- ]depth|deep[- ]dive|leave nothing out',
  '(?:be|is|are|make it) (?:thorough|comprehensive)',
  '(?:thorough|comprehensive|extensive)(?:,? (?:and )?[\\w-]+){0,2} (?:explanation|analysis|answer|overview|guide|coverage|treatment|discussion|review|report|critique)',
  '(?:cover|address(?:es)?|answer|explain|discuss|(?:go|walk) through) (?:every|each and every|all the) (?:aspects?|details?|edge cases?|cases?|nuances?|scenarios?|concerns?|questions?|points?|issues?|exceptions?)',
].join('|');
const FOREIGN_DEPTH =
  'en détail|de manière détaillée|en profondeur|de manière approfondie|en profundidad|detalladamente|en detalle|ausführlich|eingehend|im Detail|in dettaglio|dettagliatamente|in modo approfondito|em detalhe|detalhadamente|em profundidade';

export const LENGTH_EXTRACTORS: readonly Extractor[] = [
  [whole(`(?:${AT_MOST})\\s+${NUM}\\s+(?:\\w+\\s+)?(${UNIT})`), sized('max')],
  [numberFirst(`${NUM}\\s+(${UNIT})\\s+(?:or (?:fewer|less)|max(?:imum)?|at most)`), sized('max')],
  [whole(`(?:keep|limit|cap)\\b[^.\\n]{0,30}?\\bto\\s+(?:just\\s+|only\\s+)?${NUM}\\s+(${UNIT})`), sized('max')],
  [whole(`in (?:just |only )?${NUM}\\s+(words|sentences|lines)`), sized('max')],
  [
    whole(`(?:one|a single) (sentence|line|paragraph)|one-(sentence|liner?|paragraph)|${FOREIGN_ONE_SENTENCE}`),
    (m) => ({ kind: 'max', unit: unitOf(m[1] ?? m[2] ?? 'sentence'), n: 1 }),
  ],
  [whole(`(?:${AT_LEAST})\\s+${NUM}\\s+(${UNIT})`), sized('min')],
  [whole(BREVITY), () => ({ kind: 'brevity' })],
  [whole(`${DEPTH}|${FOREIGN_DEPTH}`), () => ({ kind: 'depth' })],
  // A count of things asked for, or a target length given as an approximate number.
  [
    whole(`a list of (?:${NUM} )?(${COUNTED})`),
    (m) => ({ kind: 'count', unit: unitOf(m[2]), n: m[1] === undefined ? undefined : n(m[1]) }),
  ],
  [numberFirst(`${NUM} (?:\\w+ )?(${COUNTED})`), sized('count')],
  // A number of things asked for by a verb of listing, or a list of them.
  [
    whole(
      `(?:list of|list|give|name|enumerate|provide|cover|walk (?:[a-z]+ ){1,2}through)\\s+(?:me\\s+)?(?:the\\s+|all\\s+)?(?:top\\s+)?${NUM}\\s+[a-z-]+`,
    ),
    (m) => ({ kind: 'count', unit: 'items', n: n(m[1]) }),
  ],
  // The size of a whole piece: a part sized this way is named differently (a summary, a sentence).
  [
    numberFirst(
      `${NUM}-(words?|sentences?|paragraphs?)\\s+(?:[a-z-]+\\s+)?(?:essay|article|story|letter|e-?mail|report|post|bio|speech|piece)`,
    ),
    (m) => (n(m[1]) < 2 ? undefined : { kind: 'count', unit: unitOf(m[2]), n: n(m[1]) }),
  ],
  // An answer of one word: yes or no, in each language.
  [
    whole(
      '(?:answer|reply|respond|antworte|réponds|responde|rispondi|responda) (?:only |just |nur |uniquement |solo |apenas )?(?:with|mit|par|con|com) (?:only |just )?(?:a single word|one word|["“„«]?(?:yes|ja|oui|sí|si|sim)["“”»]? (?:or|oder|ou|o) ["“„«]?(?:no|nein|non|não))',
    ),
    () => ({ kind: 'max', unit: 'words', n: 1 }),
  ],
  [whole(`(?:about|around|roughly|approximately)\\s+${NUM}\\s+(words|sentences|paragraphs)`), sized('count')],
  // The same in French, Spanish, German, Italian and Portuguese.
  [whole(`(?:${FOREIGN_AT_MOST})\\s+${FOREIGN_NUM}\\s+${FOREIGN_UNIT}`), sized('max')],
  [numberFirst(`${FOREIGN_NUM}\\s+${FOREIGN_UNIT}\\s+(?:${FOREIGN_MAX_AFTER})`), sized('max')],
  [whole(`(?:${FOREIGN_AT_LEAST})\\s+${FOREIGN_NUM}\\s+${FOREIGN_UNIT}`), sized('min')],
  // The answer's size in parts: in three paragraphs, in two sentences.
  [whole(`(?:en|in|em) ${FOREIGN_NUM}\\s+${FOREIGN_UNIT}`), sized('count')],
];
