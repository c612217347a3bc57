/**
 * duplicate-instruction probes written from the rule's definition ("the same instruction said twice, in
 * the same or in other words"): restatements in varied wordings and languages, and near misses that share
 * topic words but ask for different things.
 */
import { describe, expect, it } from 'vitest';
import { applyFix, lintPrompt } from '../../src/lint/index';

const found = (text: string) => lintPrompt(text).filter((f) => f.rule === 'duplicate-instruction');
const flagged = (text: string) => found(text).map((f) => text.slice(f.start, f.end));

describe('duplicate-instruction: the same instruction in other words', () => {
  it.each([
    [
      'Describe our new bike lock for the product page. Keep it under 100 words. Mention the lifetime warranty. No more than a hundred words, please.',
      'No more than a hundred words, please.',
    ],
    [
      'You help tenants write to their landlord. Reply in a friendly tone. Point out which clause of the lease applies. Your tone should always be friendly.',
      'Your tone should always be friendly.',
    ],
    [
      'Summarise the meeting notes for the sales team. Write the summary in French. Keep the action items at the end. The summary must be written in French.',
      'The summary must be written in French.',
    ],
    [
      'Extract every invoice number and total from the email. Return the result as JSON. Dates use the format YYYY-MM-DD. Format the output as a JSON object.',
      'Format the output as a JSON object.',
    ],
    [
      'Proofread the cover letter below. Use British spelling throughout. Keep the candidate’s voice. Spell every word the British way.',
      'Spell every word the British way.',
    ],
    [
      'Explain the tax rule to a first-time freelancer. Do not use technical jargon. Give one worked example. Avoid jargon and technical terms.',
      'Avoid jargon and technical terms.',
    ],
    [
      'Answer questions about the hotel. Never quote room prices. Suggest the booking page instead. Do not tell guests what the rooms cost.',
      'Do not tell guests what the rooms cost.',
    ],
    [
      'Rédige une annonce pour notre boulangerie. Réponds en moins de 50 mots. Mentionne les horaires. Ta réponse ne doit pas dépasser cinquante mots.',
      'Ta réponse ne doit pas dépasser cinquante mots.',
    ],
    [
      'Eres un asistente de una clínica dental. No incluyas datos personales de los pacientes. Responde con amabilidad. Nunca incluyas datos personales de pacientes.',
      'Nunca incluyas datos personales de pacientes.',
    ],
    [
      'Du hilfst Kunden bei Fragen zur Stromrechnung. Antworte immer auf Deutsch. Nenne die Tarifnummer. Deine Antwort muss auf Deutsch sein.',
      'Deine Antwort muss auf Deutsch sein.',
    ],
    [
      'Summarise the support call for the account manager. Keep the summary neutral and factual. List the open tickets. Make sure the summary stays neutral and factual, focusing on what the customer asked.',
      'Make sure the summary stays neutral and factual, focusing on what the customer asked.',
    ],
    [
      'You help a bakery with its marketing. Produce six-word slogans for the spring menu. Avoid puns. Generate the spring menu’s slogans with six words apiece.',
      'Generate the spring menu’s slogans with six words apiece.',
    ],
  ])('flags the restatement in %s', (text, repeat) => {
    expect(flagged(text)).toEqual([repeat]);
  });

  it('names both places and removes the second copy leaving correct text', () => {
    const text =
      'Describe our new bike lock for the product page. Keep it under 100 words. Mention the lifetime warranty. No more than a hundred words, please.';
    const [finding] = found(text);
    expect(finding.message).toContain('Keep it under 100 words');
    expect(finding.fix).toBeDefined();
    expect(applyFix(text, finding.fix!)).toBe(
      'Describe our new bike lock for the product page. Keep it under 100 words. Mention the lifetime warranty.',
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
