/**
 * duplicate-instruction probes written from the rule's definition (the same instruction said twice in
 * nearly the same words, or marked as a reminder), and near misses that share topic words but ask for
 * different things. Restatements in other words, limits included, are the model check's.
 */
import { describe, expect, it } from 'vitest';
import { applyFix, lintPrompt } from '../../src/lint/index';

const found = (text: string) => lintPrompt(text).filter((f) => f.rule === 'duplicate-instruction');
const flagged = (text: string) => found(text).map((f) => text.slice(f.start, f.end));

describe('duplicate-instruction: the same instruction in nearly the same words', () => {
  it.each([
    [
      'Write the product description for our walking boots. Mention the waterproof membrane. Write the product description for the walking boots.',
      'Write the product description for the walking boots.',
    ],
    [
      'Draft the reply to the tenant.\n- Never promise a repair date.\n- Quote the clause number.\n- Never promise any repair date.',
      '- Never promise any repair date.',
    ],
  ])('flags the repeat in %s', (text, repeat) => {
    expect(flagged(text)).toEqual([repeat]);
  });

  it('names the first copy and removes the second, leaving correct text', () => {
    const text =
      'Describe our new bike lock for the product page. Do not mention the price of the lock. Use a friendly tone. Do not mention the lock price.';
    const [finding] = found(text);
    expect(finding.message).toContain('Do not mention the price of the lock');
    expect(applyFix(text, finding.fix!)).toBe(
      'Describe our new bike lock for the product page. Do not mention the price of the lock. Use a friendly tone.',
    );
  });
});

describe('duplicate-instruction: the same topic in different instructions is not a repeat', () => {
  it.each([
    'Summarise the report. Then list the report’s risks.',
    'Summarise the quarterly report for the board. List the three biggest risks the quarterly report names.',
    'Keep the whole answer under 100 words. Keep each bullet under 20 words.',
    'Do not mention competitors by name. Do mention our partners by name.',
    'Write the introduction in a friendly tone. Write the conclusion in a formal tone.',
    'List three strengths of the essay. List three weaknesses of the essay.',
    'Answer the customer in Spanish. Write the internal note for the agent in English.',
    'Translate the menu into Italian. Check that the translated menu keeps every dish name.',
    'Rédige le résumé en français. Rédige ensuite une liste des risques du projet.',
    'Write a headline for the article. Write a subtitle for the article.',
  ])('does not flag %s', (text) => {
    expect(flagged(text)).toEqual([]);
  });
});

describe('duplicate-instruction: a reminder after long material is deliberate', () => {
  it('does not flag the task said again after a long pasted report, and flags it said twice before', () => {
    const report = 'The branch opened in March and hired four bakers who work in two shifts. '.repeat(12);
    const sandwich = `Summarise the report below for the regional manager in plain words.\n<report>\n${report}\n</report>\nSummarise the report for the regional manager in plain words.`;
    expect(flagged(sandwich)).toEqual([]);
    const twice = `Summarise the report below for the regional manager in plain words. Summarise the report for the regional manager in plain words.\n<report>\n${report}\n</report>`;
    expect(flagged(twice)).toEqual(['Summarise the report for the regional manager in plain words.']);
  });
});

describe('duplicate-instruction: a reminder of an earlier order', () => {
  it.each([
    [
      'Write the tenancy notice for the building. Every date must be written as day, month and year. Mention the lift repairs.\n\nRemember: write every date with its day, month and year.',
      'Remember: write every date with its day, month and year.',
    ],
    [
      'Review the essay for grammar only. Always quote each sentence you correct.\nAgain, quote every corrected sentence.',
      'Again, quote every corrected sentence.',
    ],
  ])('flags the repeat in %s', (text, repeat) => {
    expect(flagged(text)).toEqual([repeat]);
  });

  it('leaves a first order put as "remember to", and a reminder about something else', () => {
    expect(
      flagged('You plan menus for a school canteen. Plan five lunches. Remember to respect the allergy list.'),
    ).toEqual([]);
    expect(
      flagged('Write the poster text for the fair. Use large dates.\nRemember: the fair is free for children.'),
    ).toEqual([]);
  });
});
