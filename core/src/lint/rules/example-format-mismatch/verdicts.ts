/**
 * A verdict asked as a slash set ("a pass/fail judgment", "un verdict oui/non") against the verdicts
 * the examples give ("outcome": "good"). Part of example-format-mismatch.
 */
import type { RawFinding } from '../../types';

const VERDICT_NOUN =
  '(?:judg(?:e)?ments?|verdicts?|labels?|decisions?|outcomes?|classifications?|ratings?|grades?|jugements?|décisions?|étiquettes?|veredictos?|decisiones?|etiquetas?|urteile?|entscheidungen?|giudizi|giudizio|decisioni|etichette?|julgamentos?|decisões)';
/** "a pass/fail judgment", "the verdict (approve/reject)", "un jugement oui/non". */
const SLASH_SET = new RegExp(
  `\\b([a-zà-ÿ]+(?:/[a-zà-ÿ]+){1,3})\\s+${VERDICT_NOUN}\\b|\\b${VERDICT_NOUN}\\s*(?:\\(|:)?\\s*["'\`]?([a-zà-ÿ]+(?:/[a-zà-ÿ]+){1,3})\\b`,
  'i',
);
/** Pairs that join words, not verdicts: "and/or", "his/her". */
const NOT_A_SET = /^(?:and\/or|or\/and|his\/her|he\/she|s\/he|him\/her|either\/or|w\/o|y\/o|et\/ou|e\/o|und\/oder)$/i;
/** A verdict in an example: "outcome": "good", "verdict": "bad". */
const VERDICT_VALUE =
  /"(?:outcome|verdict|judg(?:e)?ment|label|decision|result|status|grade|rating|classification|jugement|veredicto|urteil|giudizio|julgamento)"\s*:\s*"([^"\n]{1,30})"/gi;

/** Verdicts in the examples outside the slash set the prompt asks for. */
export function verdictFindings(text: string): RawFinding[] {
  const m = SLASH_SET.exec(text);
  const set = m?.[1] ?? m?.[2];
  if (!m || !set || NOT_A_SET.test(set)) return [];
  const allowed = set.toLowerCase().split('/');
  const out: RawFinding[] = [];
  for (const v of text.matchAll(VERDICT_VALUE)) {
    const value = v[1].trim();
    if (allowed.includes(value.toLowerCase()) || /\s|[<[{]/.test(value)) continue;
    const start = v.index + v[0].lastIndexOf(v[1]);
    out.push({
      message: `"${value}" is not one of the verdicts the prompt asks for (${allowed.join(', ')}).`,
      start,
      end: start + v[1].length,
    });
  }
  return out;
}
