/** vague-quantifier: "some", "a few", "short" where a number would say what is wanted. */
import { GUIDANCE } from './guidance';
import { delimitedRanges, insideAny, sentences } from './text';
import type { LintRule, RawFinding } from './types';

const COUNT_NOUNS =
  'ideas|examples|tips|items|points|bullet points|bullets|sentences|paragraphs|questions|options|suggestions|names|titles|reasons|steps|lines|headlines|taglines|slogans|variations|alternatives|keywords|hashtags|facts|quotes|jokes|takeaways|tweets|posts|captions|emails|messages|experiences|activities|games|exercises|sources|resources|books|links|recommendations|arguments|benefits|features|use cases|subject lines|talking points|strategies|ways|topics';
const COUNT = new RegExp(`\\b(some|a few|a couple of|several|a number of|various|many|a handful of|multiple)\\s+(?:[a-z]+\\s+){0,2}(${COUNT_NOUNS})\\b`, 'gi');
const LENGTH_NOUNS =
  'summary|answer|reply|response|description|intro|introduction|paragraph|email|post|bio|essay|explanation|overview|article|text|message|note|caption|abstract|story|letter|bio';
const LENGTH = new RegExp(`\\b(short|brief|long|lengthy|shortish)\\s+(?:[a-z]+\\s+)?(${LENGTH_NOUNS})\\b|\\b(?:keep it|make it|be) (short|brief)\\b`, 'gi');
/** A length the reader can check: "120 words", "3 sentences", "one paragraph". */
const MEASURED =
  /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a single)(?:\s*(?:-|to)\s*\d+)?(?:\s+[a-z]+)?[\s-]+(?:words?|sentences?|characters?|chars|lines?|paragraphs?|bullet|bullets|items?|points?|tokens?|pages?|differences|reasons|tips|ideas|examples|steps|questions)\b/i;
/** The count is already given near the quantifier: "some questions, 8 in total", "at least 3". */
const counted = (sentence: string) => /\b(?:exactly|at least|at most|up to|no more than)\s+\d+|\b\d+\s+in total\b/i.test(sentence);

const COUNT_FOR: Record<string, string> = { 'a few': '3', 'a handful of': '3', 'a couple of': '2' };

export const vagueQuantifier: LintRule = {
  id: 'vague-quantifier',
  severity: 'info',
  why: '"Some" or "short" means different things to different readers; the model picks its own number and it changes from run to run. A number is followed every time.',
  guidance: GUIDANCE.openaiBestPractices,
  check(text) {
    const data = delimitedRanges(text);
    const spans = sentences(text);
    const sentenceAt = (i: number) => spans.find((s) => s.start <= i && s.end > i)?.text ?? '';
    const out: RawFinding[] = [];
    for (const m of text.matchAll(COUNT)) {
      if (insideAny(data, m.index) || counted(sentenceAt(m.index))) continue;
      const word = m[1];
      const n = COUNT_FOR[word.toLowerCase()] ?? '5';
      out.push({
        message: `"${word} ${m[2]}" does not say how many.`,
        start: m.index,
        end: m.index + word.length,
        fix: { label: `Ask for ${n}`, start: m.index, end: m.index + word.length, text: n },
      });
    }
    if (MEASURED.test(text)) return out;
    for (const m of text.matchAll(LENGTH)) {
      if (insideAny(data, m.index)) continue;
      const adjective = m[1] ?? m[3];
      const noun = m[2];
      const start = m.index;
      const end = start + m[0].length;
      const short = /^(?:short|brief|shortish)$/i.test(adjective);
      out.push({
        message: `"${m[0]}" gives no measurable length.`,
        start,
        end,
        fix: !short
          ? undefined
          : noun
            ? { label: 'Say at most 3 sentences', start, end, text: `${m[0].slice(adjective.length).trimStart()} of at most 3 sentences` }
            : { label: 'Say at most 3 sentences', start, end, text: `${m[0].replace(/\s*(?:short|brief)$/i, '')} to at most 3 sentences` },
      });
    }
    return out;
  },
};
