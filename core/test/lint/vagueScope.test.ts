/** vague-quantifier: a vague length is measurable only where the prompt measures that same thing. */
import { describe, expect, it } from 'vitest';
import { lintPrompt } from '../../src/lint/index';

const flags = (text: string) => lintPrompt(text).some((f) => f.rule === 'vague-quantifier');

describe('vague-quantifier reads what each measure measures', () => {
  const defects: Array<[string, string]> = [
    [
      'a brief explanation beside a measured summary',
      '# OUTPUT\n\n- Give a 15-word summary of the idea.\n- For each pick, provide a brief explanation of why it was chosen.',
    ],
    [
      'a count of tweets whose length alone is given',
      'Write a few tweets about the launch, each one under 280 characters.',
    ],
    ['German: "kurz" as an adverb', 'Fasse den folgenden Text für den Newsletter kurz zusammen. Schreib sachlich.'],
    ['Spanish: "brevemente"', 'Resume brevemente el texto para la web del ayuntamiento.'],
    ['a quick rundown', 'Give me a quick rundown of what changed in the release notes, for the support team.'],
  ];
  for (const [name, prompt] of defects)
    it(`flags ${name}`, () => {
      expect(flags(prompt)).toBe(true);
    });

  const clean: Array<[string, string]> = [
    [
      'short bullets measured in words elsewhere',
      'Summarise the video in brief bullet points.\n\n- Write 15-word bullet points.',
    ],
    [
      'a brief summary measured in the same sentence',
      'Give a brief summary of the meeting in at most 2 sentences, then list the decisions.',
    ],
    [
      'an English "court" is not the French adjective',
      "Explain the court's reasoning in three paragraphs of at most 80 words each.",
    ],
    [
      'French: several members in the author’s own account',
      "Notre association gère trois jardins. Plusieurs adhérents ont dû rendre leur parcelle l'an dernier. Rédige un paragraphe de 150 mots au maximum.",
    ],
    [
      'French: "nous avons eu plusieurs difficultés" after a lead-in',
      "Cette année, nous avons eu plusieurs difficultés avec l'arrosage. Rédige une invitation de 200 mots.",
    ],
    ['a count of tweets', 'Write at most 3 tweets about the launch, each one under 280 characters.'],
    ['short bullets with their count in the sentence', 'Explain the rating in 5 short bullets.'],
    [
      'a short description measured by the next sentence',
      '- Extract a short description of the meal. It should be at most three sentences.',
    ],
    [
      'a brief overview under a cap on the whole answer',
      'The third sentence should provide a brief overview of the output.\n- Output no more than 40 words.',
    ],
  ];
  for (const [name, prompt] of clean)
    it(`leaves ${name}`, () => {
      expect(flags(prompt)).toBe(false);
    });
});
