/**
 * conflicting-constraints probes written from the rule's definition in six languages, and near misses:
 * the same limits on different targets, bounds that agree, parts asked in turn, a prohibition on
 * something else. (Cases of the removed target-slot reader, two counts of one named thing, two lengths
 * of each item, "only X" against a second part, went with it.)
 */
import { describe, expect, it } from 'vitest';
import { lintPrompt } from '../../src/lint/index';

const found = (text: string) => lintPrompt(text).filter((f) => f.rule === 'conflicting-constraints');

describe('conflicting-constraints: two values for one target', () => {
  it.each([
    // Two counts of one thing, said in different sections.
    // One item's length said twice with different numbers.
    // "Only X" against a second required part.
    // One format against another.
    'Reply in plain text with no formatting at all. Present the three options as a Markdown table.',
    'Return the contacts as raw CSV with a header row. Format the whole output as a Markdown table.',
    'Wrap every command in backticks. Never use backticks anywhere in your answer.',
    // A prohibition against a required element.
    // Two forms of address at once.
    'Écris le courriel au client. Vouvoie le client. Tutoie-le pour créer de la proximité.',
    'Schreib die Antwort an den Kunden. Sieze den Kunden. Duze ihn, damit es persönlicher klingt.',
    'Return the result as JSON. Write it as plain text, one sentence per line.',
    'Trata al cliente de usted. Tutéalo para sonar cercano.',
  ])('flags %s', (text) => {
    const findings = found(text);
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings[0].message.match(/"[^"]+"/g)?.length).toBeGreaterThanOrEqual(2);
  });
});

describe('conflicting-constraints: near misses on targets', () => {
  it.each([
    // Bounds that agree, or counts of different things.
    'Extract at least 5 insights from the transcript.\n\nOutput no more than 10 insights, ranked by importance.',
    'List at least 10 risks.\n\nOUTPUT\n- Give up to 3 mitigations for each risk.',
    'Donne au moins 3 exemples et au plus 5 conseils.',
    // Each item's length and the whole answer's length.
    'Write 12-word bullets. Keep the whole summary under 200 words.',
    'Each bullet must be exactly 15 words. Write exactly 15 bullets.',
    // "Only" one thing, with the rest inside it or said before it as input.
    'Only output the list of bugs and nothing else. Each bug should include the line number and a one-line fix.',
    'Only output the JSON object, nothing else. Add a field "note" to the object when a value is missing.',
    // Formats that go together.
    'Use plain text without Markdown. Put each name on its own line.',
    'Return a Markdown table. Wrap code identifiers inside the table in backticks.',
    // A prohibition on something other than what is required.
    'Do not mention prices. End your answer with a reminder about the warranty period.',
    'Do not tell me to see a doctor. End your answer with a summary of the stretches.',
    // One form of address, said twice.
    'Vouvoie le client. Reste poli et vouvoie-le jusqu’à la fin.',
  ])('does not flag %s', (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe('conflicting-constraints: limits on the whole answer, the list, the register, in other words', () => {
  it.each([
    'The bio needs at least 300 words. There is a strict limit of 100 words.',
    'Output only YAML. Start your reply with a warm paragraph thanking the user.',
    'Write a short note for the parents. It must explain in exhaustive detail every rule of the new pick-up policy.',
    'La risposta non deve superare le tre frasi. Descrivi in modo approfondito ogni clausola del contratto.',
    'Devuelve los datos exclusivamente como un objeto JSON. Escríbelo en forma de carta al proveedor.',
    'Schreibe die Mail förmlich. Der Ton soll locker und kumpelhaft sein.',
    'Antworte nur mit „Ja“ oder „Nein“. Begründe deine Antwort in drei Absätzen.',
    'Put each of the 4 steps on its own bullet point. Do not use bullet points or lists anywhere.',
  ])('flags %s', (text) => {
    expect(found(text).length).toBeGreaterThanOrEqual(1);
  });

  it.each([
    'The whole notice must fit on a card: a title of up to five words, then two lines of at most ten words each.',
    'Sieze den Kunden. Duze ihn unter keinen Umständen.',
    'Ne tutoie pas le client ; vouvoie-le.',
    'Write a comprehensive guide to the tax rules.\n- Include a brief description of each form.',
    'Reply with only the category name. Do not explain your reasoning.',
    'Output only YAML. If the input is empty, start your reply with a short paragraph saying so.',
  ])('does not flag %s', (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe('conflicting-constraints: template sections, ranges, two "only" things', () => {
  it.each([])('flags %s', (text) => {
    expect(found(text).length).toBeGreaterThanOrEqual(1);
  });

  it.each([
    'PROS:\n\n4 12-word bullets on the strengths.\n\nCONS:\n\n4 20-word bullets on the weaknesses.',
    'Write 3 20-30 word bullets on the risks.\n\nWrite 3 10-word bullets on the fixes.',
    'Only output a single line.\n\nOnly output the keywords, separated by commas.',
    'Give a comprehensive review of the pull request. If you mention a design pattern, briefly explain it.',
  ])('does not flag %s', (text) => {
    expect(found(text)).toEqual([]);
  });
});
