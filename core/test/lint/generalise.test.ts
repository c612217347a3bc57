/** Capabilities added so the rules hold on prompts worded unlike their corpus: own examples, not corpus text. */
import { describe, expect, it } from 'vitest';
import { lintPrompt, type LintContext, type LintRuleId } from '../../src/lint/index';

const flagged = (rule: LintRuleId, text: string, context?: LintContext) =>
  lintPrompt(text, context)
    .filter((f) => f.rule === rule)
    .map((f) => text.slice(f.start, f.end));

describe('duplicate-instruction: pasted header lines', () => {
  it('e-mail header lines pasted in the prompt are not instructions', () => {
    const text =
      'Summarise this thread in 2 sentences.\nSubject: Roof repair quote for the barn\nThanks for the quote.\nSubject: RE: Roof repair quote for the barn';
    expect(flagged('duplicate-instruction', text)).toEqual([]);
  });
});

describe('vague-quantifier beyond its word lists', () => {
  it('an order to produce things counted vaguely is flagged whatever the things are', () => {
    expect(flagged('vague-quantifier', 'Name a few pitfalls of this garden layout, as a numbered list.')).toEqual([
      'a few',
    ]);
    expect(flagged('vague-quantifier', 'Name 4 pitfalls of this garden layout, as a numbered list.')).toEqual([]);
  });
  it('"not too long" gives no measurable length', () => {
    expect(flagged('vague-quantifier', 'Describe the hiking trail; not too long, please.')).toEqual(['not too long']);
  });
  it('vague counts and lengths in French, Spanish, German, Italian and Portuguese', () => {
    expect(flagged('vague-quantifier', 'Propose quelques titres pour notre article sur le vélo.')).toEqual([
      'quelques',
    ]);
    expect(flagged('vague-quantifier', 'Escribe una descripción corta del hotel.')).toEqual(['corta']);
    expect(flagged('vague-quantifier', 'Schreib eine kurze Antwort an die Mieterin.')).toEqual(['kurze']);
    expect(flagged('vague-quantifier', 'Scrivi alcuni slogan per la pizzeria.')).toEqual(['alcuni']);
    expect(flagged('vague-quantifier', 'Escreva uma resposta curta ao cliente.')).toEqual(['curta']);
    // A counted length in the same language says how long "kurze" is.
    expect(flagged('vague-quantifier', 'Schreib eine kurze Antwort in 3 Sätzen an die Mieterin.')).toEqual([]);
  });
});

describe('conflicting-constraints read as slots in other wordings', () => {
  it('a character cap cannot hold hundreds of words', () => {
    const sms =
      'Announce the bakery opening as a text message of 160 characters max. It should be about 400 words long.';
    expect(flagged('conflicting-constraints', sms).length).toBe(1);
  });
  it('one sentence against a demand for depth, in French and German', () => {
    expect(
      flagged('conflicting-constraints', 'Présente notre offre en une seule phrase. Explique chaque option en détail.')
        .length,
    ).toBe(1);
    expect(
      flagged('conflicting-constraints', 'Antworte in einem Satz. Erkläre jede Option ausführlich mit Beispielen.')
        .length,
    ).toBe(1);
  });
});
