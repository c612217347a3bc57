/**
 * conflicting-constraints probes written from the rule's definition: two instructions on the same thing
 * that cannot both hold, in varied wordings and languages; and near misses the labelling policy calls
 * clean (parts asked in sequence, limits per item, a balance asked in one breath).
 */
import { describe, expect, it } from 'vitest';
import { lintPrompt } from '../../src/lint/index';

const found = (text: string) => lintPrompt(text).filter((f) => f.rule === 'conflicting-constraints');

describe('conflicting-constraints: two settings of one slot that cannot both hold', () => {
  it.each([
    'Explain our refund policy to the customer. Keep your answer under 50 words. Walk through every exception, edge case and deadline in full.',
    'Extract the order details and return them as a JSON object. Write the reply as a friendly letter to the customer, signed by Anna.',
    'Draft the announcement for our investors. Use a formal register. Feel free to be chatty and relaxed.',
    'Write the product description in no more than two paragraphs. It must run to at least five paragraphs.',
    'Write a 500-word essay about urban beekeeping. Keep it under two hundred words.',
    'Résume le contrat en 50 mots maximum. Explique chaque clause en détail.',
    'Responde en formato JSON. Escribe la respuesta como una carta formal al cliente.',
    'Antworte in höchstens zwei Sätzen. Schreibe mindestens drei Absätze über die Geschichte der Stadt.',
    'Describe the new parking policy in under 60 words. Give a thorough, well-sourced analysis of its effects on residents.',
    'Answer only with yes or no. Justify your answer in at least three paragraphs.',
  ])('flags %s', (text) => {
    const findings = found(text);
    expect(findings).toHaveLength(1);
    // The message names both places.
    expect(findings[0].message.match(/"[^"]+"/g)?.length).toBeGreaterThanOrEqual(2);
  });
});

describe('conflicting-constraints: near misses the labelling policy calls clean', () => {
  it.each([
    'Explain the migration plan. Be concise but thorough.',
    'Return a JSON object with a field email_body holding the text of the email to the customer.',
    'Write a formal email to the client. Then write a casual Slack message to the team.',
    'Keep it under 200 words and explain the key tradeoffs clearly.',
    'The input below is JSON. Reply in plain prose for the store manager.\n\n<data>\n{"sales": 12}\n</data>',
    'Give a short answer in two sentences, then a detailed explanation in a second section.',
    'Turn the meeting transcript into formal minutes. Remove casual conversation and off-topic remarks.',
    'Do not use bullet points. Present the options in a markdown table.',
  ])('does not flag %s', (text) => {
    expect(found(text)).toEqual([]);
  });
});
