/**
 * An instruction sentence reduced to its canonical content: words lower-cased, irregular verb forms and
 * everyday synonyms folded, stemmed (Porter), numbers written as words turned into digits, and function
 * words, politeness and filler dropped, in English, French, Spanish, German, Italian and Portuguese. Two
 * sentences that say the same thing in other words then share most of their tokens.
 */
import { remembersPrompts } from './promptMemory';
import { stemmer } from 'stemmer';
import { EN_NUMBER, mayStartNumber, numberValue } from './numberWords';

const STOP = new Set(
  [
    // English function words.
    'a an the and or but if then so to of in on at by for with from into as is are be been being was were am it its this that these those you your yours yourself i me my we our us they them their he she his her will would shall should must can could may might do does did just also please kindly always really very all any each every some there here what which who whom whose when where how than too more most such own same other about up out over only',
    // Filler around an instruction: "make sure", "at all times", "throughout", "the British way".
    'apiece come comes else anything anywhere everything something much many even ever sure ensure remember yet within under below throughout way manner times time whatever simply need needs want like keep stay sein',
    // French, Spanish, German, Italian and Portuguese function words.
    'le la les un une des du de d l au aux et ou en dans sur pour par avec ce cette ces ton ta tes ta votre vos tu vous il elle on est sont être doit dois toujours ne pas que qui',
    'el los las unos unas del al y o en con por para su sus tu tus es son ser debe siempre que',
    'der die das dem den des ein eine einen einem einer und oder in im mit auf für von zu zur zum ist sind du dein deine deinen sie muss musst immer bitte soll sollst',
    'il lo gli uno di da con per su sono essere deve sempre che',
    'o os um uma umas dos das em com por para seu sua é são ser deve sempre que',
    // "All" in each language: "en todo el correo", "in tutte le risposte" say where, not what.
    'todo toda todos todas tout toute tous toutes alle alles allen aller tutto tutta tutti tutte',
    // "Have" as in "the summary must have at most five points".
    'have has having ter tener avoir haben hat avere',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Typed slots as tokens: a bound on a count ("no more than 50", "never exceed fifty", "au maximum") and
 * the demand that nothing else be output ("only", "nothing else", "no text before or after"), in the
 * languages the linter reads. Two sentences with the same bound and number state the same limit.
 */
export const AT_MOST = '≤';
export const AT_LEAST = '≥';
export const ONLY = 'only';

/** Stems of the filler words, for their other forms ("keeping", "ensures"). */
const FILLER_STEMS = new Set([
  'keep',
  'ensur',
  'sure',
  'rememb',
  'stai',
  'need',
  'want',
  // "Keep" and "stay" in the other languages, and "in total".
  'mantenha',
  'mantén',
  'garde',
  'gardez',
  'reste',
  'halte',
  'bleib',
  'mantieni',
  'resta',
  'total',
  'overal',
]);

/** Verbs that carry little of an instruction's meaning ("use", "write", "give"): they count half. */
const LIGHT = new Set(['use', 'write', 'give', 'make', 'put', 'get', 'go', 'tell', 'add', AT_MOST, AT_LEAST, ONLY]);

const IRREGULAR: Record<string, string> = {
  written: 'write',
  wrote: 'write',
  given: 'give',
  gave: 'give',
  kept: 'keep',
  made: 'make',
  said: 'say',
  spoken: 'speak',
  spoke: 'speak',
  told: 'tell',
  chosen: 'choose',
  chose: 'choose',
  taken: 'take',
  took: 'take',
  shown: 'show',
  done: 'do',
  gone: 'go',
  went: 'go',
  brought: 'bring',
  found: 'find',
  sent: 'send',
  understood: 'understand',
};

/**
 * Words that say the same thing in an instruction, folded to the group's first word: everyday
 * synonyms of instruction verbs and of what they act on, in the languages the linter reads.
 */
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  [
    'answer',
    'answers',
    'reply',
    'replies',
    'respond',
    'response',
    'responses',
    'réponds',
    'répondez',
    'réponse',
    'répondre',
    'responde',
    'responda',
    'respuesta',
    'responder',
    'antworte',
    'antwort',
    'antworten',
    'rispondi',
    'risposta',
    'resposta',
  ],
  [
    'short',
    'brief',
    'concise',
    'succinct',
    'briefly',
    'concisely',
    'succinctly',
    'court',
    'corta',
    'breve',
    'kurz',
    'kurze',
  ],
  [
    'not',
    'never',
    'dont',
    'don',
    'nothing',
    'no',
    'avoid',
    'without',
    'refrain',
    'jamais',
    'nunca',
    'nie',
    'niemals',
    'kein',
    'keine',
    'nicht',
    'non',
    'mai',
    'não',
    'evita',
    'évite',
    'evite',
    'evitare',
    'vermeide',
    'omit',
    'exclude',
    'sans',
    'sin',
    'ohne',
    'senza',
    'sem',
  ],
  ['invent', 'fabricate', 'invente', 'inventes', 'inventer', 'inventar', 'inventa', 'inventare', 'erfinde', 'erfinden'],
  ['tone', 'sound', 'sounds', 'tono', 'tom'],
  [
    'lowercase',
    'lower-case',
    'minuscules',
    'minuscule',
    'minúsculas',
    'minúscula',
    'minuscolo',
    'minuscole',
    'kleinbuchstaben',
    'kleingeschrieben',
  ],
  [
    'polite',
    'courteous',
    'cordial',
    'respectful',
    'educado',
    'educada',
    'gentil',
    'gentile',
    'cordialidade',
    'cortés',
    'amable',
    'höflich',
    'cortese',
    'poli',
    'polie',
    'courtois',
    'courtoise',
  ],
  [
    'summary',
    'summaries',
    'summarise',
    'summarize',
    'summarised',
    'summarized',
    'résumé',
    'résume',
    'resumen',
    'resume',
    'zusammenfassung',
    'riassunto',
    'resumo',
  ],
  ['explain', 'explanations', 'explanation'],
  // Verbs that put something in the answer, and verbs that make it: in an order they say the same.
  ['give', 'gives', 'provide', 'provides', 'include', 'includes', 'offer', 'supply'],
  [
    'write',
    'writes',
    'create',
    'creates',
    'output',
    'outputs',
    'produce',
    'produces',
    'generate',
    'generates',
    'compose',
  ],
  ['applicable', 'appropriate', 'relevant', 'needed', 'necessary'],
  [
    'use',
    'uses',
    'using',
    'utilize',
    'utilise',
    'employ',
    'verwende',
    'verwenden',
    'benutze',
    'utilise',
    'utilisez',
    'usa',
    'utiliza',
    'usare',
    'utilizza',
  ],
  ['error', 'mistakes', 'mistake', 'errors'],
  ['mention', 'say', 'name', 'names', 'naming', 'named', 'refer', 'cite', 'reference', 'references', 'talk', 'discuss'],
  ['reveal', 'disclose', 'divulge', 'expose', 'leak', 'share'],
  ['instruction', 'instructions', 'rules', 'prompt', 'guidelines'],
  ['price', 'prices', 'cost', 'costs', 'pricing'],
  ['claim', 'claims', 'statement', 'statements', 'assertion', 'assertions'],
  ['section', 'sections', 'clause', 'clauses'],
  ['analogy', 'analogies', 'comparison', 'metaphor'],
  ['everyday', 'daily'],
  ['spell', 'spelling', 'spelled', 'spelt', 'spellings'],
  ['competitor', 'competitors', 'rival', 'rivals', 'vendor', 'vendors'],
  ['company', 'companies', 'brand', 'brands', 'provider', 'providers'],
  ['learner', 'learners', 'student', 'students', 'pupil', 'pupils'],
  ['address', 'call'],
  ['uk', 'british'],
  [
    'jargon',
    'technical',
    'terminology',
    'fachbegriffe',
    'fachbegriff',
    'fachjargon',
    'fachsprache',
    'jerga',
    'gergo',
    'tecnicismo',
    'tecnicismos',
    'técnico',
    'técnicos',
    'tecnico',
    'tecnici',
    'technisch',
    'technische',
    'technischen',
  ],
  ['customer', 'customers', 'client', 'clients'],
  ['friendly', 'warm'],
  [
    'word',
    'words',
    'mots',
    'mot',
    'palabras',
    'palabra',
    'wörter',
    'wörtern',
    'worte',
    'wort',
    'parole',
    'palavras',
    'palavra',
  ],
  ['french', 'français', 'francés', 'französisch', 'francese', 'francês'],
  ['english', 'anglais', 'inglés', 'englisch', 'inglese', 'inglês'],
  ['spanish', 'espagnol', 'español', 'spanisch', 'spagnolo', 'espanhol'],
  ['german', 'allemand', 'alemán', 'deutsch', 'tedesco', 'alemão'],
];
const SYNONYMS: Record<string, string> = Object.fromEntries(
  SYNONYM_GROUPS.flatMap((group) => group.map((w) => [w, group[0]])),
);

/** Porter leaves "financial" as "financi" and "finance" as "financ": the two meet without the "i". */
const stemmed = (word: string) => {
  const stem = stemmer(word);
  return stem.endsWith('ci') ? stem.slice(0, -1) : stem;
};

/** Words that set the manner of the answer (tone, register); a sentence that only sets one is that slot. */
const MANNER = new Set([
  'polite',
  'friendly',
  'formal',
  'informal',
  'profession',
  'casual',
  'neutral',
  'respect',
  'humor',
]);
export const isManner = (token: string) => MANNER.has(token);

/** Canonical tokens by word: a long prompt repeats its words, and each is folded once. */
const CACHE = new Map<string, string>();
const MAX_CACHED = 20_000;
remembersPrompts(() => CACHE.clear());

function canonicalWord(word: string): string {
  const cached = CACHE.get(word);
  if (cached !== undefined) return cached;
  const base = SYNONYMS[word] ?? IRREGULAR[word] ?? word;
  const out = base in SYNONYMS || base !== word ? base : (SYNONYMS[stemmed(base)] ?? stemmed(base));
  if (CACHE.size < MAX_CACHED) CACHE.set(word, out);
  return out;
}

/**
 * Words of the Latin-script languages the linter reads, without Unicode property escapes: those cost
 * several times more on a long prompt, and the browser build spells each one out as a long class.
 */
const TOKEN = /[a-zß-öø-ÿ\u0100-\u024f]+(?:-[a-zß-öø-ÿ\u0100-\u024f]+)*|\d[\d,]*/g;

/**
 * The sentence lower-cased, with what restates nothing left out: examples in brackets, a contrast after
 * the order ("British spelling, not American"), "make sure"; contractions opened. Each rewrite runs only when its cue is there: this runs per sentence.
 */
function normalised(sentence: string): string {
  let t = sentence.toLowerCase();
  if (t.includes('(')) t = t.replace(/\([^)]*\)/g, ' ');
  if (t.includes(',')) t = t.replace(/,\s*(?:not|rather than|instead of)\b[^,.;]*[.!]?\s*$/, ' ');
  // Letter case said either way: "in lowercase", "no capital letters".
  if (/capital|upper/.test(t))
    t = t.replace(
      /\b(?:no|without|never use|not use|avoid)\s+(?:any\s+)?(?:capital letters|capitals|upper-?case(?: letters)?)\b/g,
      ' lowercase ',
    );
  if (t.includes('make sure')) t = t.replace(/\bmake sure(?: that)?(?: you)?\b/g, ' ');
  // Prohibitions in other words: "leave out", "steer clear of"; "make up" facts is inventing them.
  if (/leave|steer|stay away|under no|refrain|made up|make up|making up/.test(t))
    t = t
      .replace(
        /\b(?:leave out|steer clear of|stay away from|under no circumstances(?: should you)?|refrain from)\b/g,
        ' not ',
      )
      .replace(/\b(?:make|making|made) up\b/g, ' invent ');
  // Where a part goes ("in a section called IDEAS") is compared on its own (see duplicateInstruction).
  if (t.includes('section'))
    t = t.replace(/\b(?:in|into|under)\s+a\s+section\s+(?:called|named|titled|headed)\s+\S+(?:\s+[^\sa-z]\S*)*/g, ' ');
  if (t.includes('bullet point')) t = t.replace(/\bbullet points?\b/g, 'bullets');
  if (t.includes("'") || t.includes('’'))
    t = t
      .replace(/n[’']t\b/g, ' not')
      .replace(/[’'](?:ll|re|ve|d|m|s)\b/g, '')
      .replace(/[’']/g, '');
  return t;
}

const NEGATION = '(?:not|never|no|ne|pas|nicht|non|não|nunca|jamais|mai)';
const EXCEED =
  '(?:exceed|surpass|go (?:over|beyond)|be (?:longer|more) than|dépasser|dépasse[rz]?|exceder|superar|überschreiten|superare|ultrapassar|passar de)';
/** A number after "under", "below", "within": a bound; without one, these words say where, not how many. */
const BEFORE_NUMBER = `(?=\\s+(?:${EN_NUMBER}|\\d)\\b)`;
/** Where a bound's cue is in the sentence: an upper bound, a lower bound, or "only". */
const SLOT_CUES: readonly (readonly [RegExp, string])[] = [
  [
    new RegExp(
      `\\b(?:${NEGATION}\\s+(?:\\S+\\s+){0,2}?${EXCEED}|(?:no|not) (?:more|longer) than|at (?:the )?most|up to|(?:a )?max(?:imum)?(?: of)?|(?:under|below|fewer than|less than|within|limit(?:ed)? to)${BEFORE_NUMBER}|au (?:maximum|plus)|pas plus de|moins de|como máximo|no más de|menos de|höchstens|maximal|nicht mehr als|weniger als|al massimo|massimo|non più di|meno di|no máximo|não mais (?:de|que))(?![a-zß-ÿ])`,
      'g',
    ),
    AT_MOST,
  ],
  [
    /\b(?:at least|(?:a )?minimum(?: of)?|no (?:fewer|less) than|or more|more than|au moins|au minimum|al menos|como mínimo|mindestens|wenigstens|almeno|pelo menos|no mínimo)(?![a-zß-ÿ])/g,
    AT_LEAST,
  ],
  [
    /\b(?:(?:do not|never) (?:add|include|write|output|put|give) (?:any )?(?:other |additional |extra )?(?:text|words|commentary|comments|explanations?|prose)(?: (?:before|after|around|outside)(?: or (?:before|after))?)?|only|solely|exclusively|nothing (?:else|more)|nothing but|no (?:other|additional|extra) (?:text|words|content|commentary|explanations?)|uniquement|seulement|rien dautre|únicamente|solamente|sólo|solo|nada más|nur|ausschließlich|nichts anderes|soltanto|nientaltro|apenas|somente|nada mais)(?![a-zß-ÿ])/g,
    ONLY,
  ],
];

/** A sentence's canonical tokens, each with its weight (light verbs count half). */
export function canonicalTokens(sentence: string): Map<string, number> {
  const out = new Map<string, number>();
  let text = normalised(sentence);
  for (const [cue, token] of SLOT_CUES) {
    cue.lastIndex = 0;
    if (!cue.test(text)) continue;
    out.set(token, 0.5);
    text = text.replace(cue, ' ');
  }
  // Code in backticks is named as written: "don't use `any`" is about `any`, not a function word.
  if (text.includes('`'))
    text = text.replace(/`([^`]+)`/g, (_m, code: string) => {
      out.set(`\`${code}\``, 1);
      return ' ';
    });
  const words = text.match(TOKEN) ?? [];
  for (let i = 0; i < words.length; i++) {
    let raw = words[i];
    // "six-word" is "six words": the number and the unit.
    const dash = raw.indexOf('-');
    if (
      dash > 0 &&
      numberValue(raw) === undefined &&
      mayStartNumber(raw.slice(0, dash)) &&
      numberValue(raw.slice(0, dash)) !== undefined
    ) {
      words.splice(i + 1, 0, raw.slice(dash + 1));
      raw = raw.slice(0, dash);
      words[i] = raw;
    }
    // "a hundred", "two hundred" and "100" are the same number.
    const startsNumber =
      raw === 'a'
        ? /^(?:hundred|thousand)$/.test(words[i + 1] ?? '')
        : mayStartNumber(raw) && numberValue(raw) !== undefined;
    if (startsNumber) {
      let j = i;
      while (
        j + 1 < words.length &&
        mayStartNumber(words[j + 1]) &&
        numberValue(words.slice(i, j + 2).join(' ')) !== undefined
      )
        j++;
      const n = numberValue(words.slice(i, j + 1).join(' '));
      if (n !== undefined && !(n === 1 && /^(?:a|une?|una|uma|eine?[mnr]?)$/.test(raw))) {
        out.set(String(n), 1);
        i = j;
        continue;
      }
    }
    if (STOP.has(raw) || raw.length < 2) continue;
    const token = canonicalWord(raw);
    if (FILLER_STEMS.has(token)) continue;
    out.set(token, LIGHT.has(token) ? 0.5 : 1);
  }
  return out;
}

/** Whether a canonical token is a number (they are written in digits). */
export const isNumberToken = (token: string) => {
  const c = token.charCodeAt(0);
  return c >= 48 && c <= 57;
};

/** The numbers a sentence names, in digits: "3 bullets" and "5 bullets" are different instructions. */
export function numbersOf(tokens: Map<string, number>): string {
  return [...tokens.keys()].filter(isNumberToken).join(' ');
}
