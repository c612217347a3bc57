/** example-format-mismatch on list items of examples: words and sentences per item, list style, bold. */
import { describe, expect, it } from 'vitest';
import { lintPrompt } from '../../src/lint/index';

const flagged = (text: string) =>
  lintPrompt(text)
    .filter((f) => f.rule === 'example-format-mismatch')
    .map((f) => text.slice(f.start, f.end));

const LONG_BULLET =
  'The city council approved a budget that raises spending on buses, cycling lanes, road repairs and street lighting across every district next year';

describe('example items against what the prompt says of each item', () => {
  const defects: Array<[string, string, string]> = [
    [
      'a bullet far over the words per bullet',
      `Summarize the article in 5 bullet points of at most 12 words each.\n\nExample output:\n- ${LONG_BULLET}.\n- Parking fees rise in the centre.`,
      `${LONG_BULLET}.`,
    ],
    [
      'a one-word bullet against 15-word bullets, under a markdown heading',
      '# OUTPUT\n\n- List the risks as 15-word bullets.\n\n# EXAMPLE OUTPUT\n\n- Flooding\n- Supplier delays that could push the launch back by two months or more this year\n\n# INPUT',
      'Flooding',
    ],
    [
      'French: puces de 10 mots au plus',
      'Résume le texte en puces de 10 mots au plus.\n\nExemple :\n- Le conseil municipal a voté hier soir un budget qui augmente fortement les dépenses pour les transports publics.',
      'Le conseil municipal a voté hier soir un budget qui augmente fortement les dépenses pour les transports publics.',
    ],
    [
      'a one-sentence definition where two sentences are asked',
      'For each term, write a 2-sentence definition.\n\nEXAMPLE OUTPUT\n\n- INFLATION: A general rise in prices over time.\n\nEND EXAMPLE',
      'INFLATION: A general rise in prices over time.',
    ],
    [
      'three sentences where one sentence per item is asked',
      'Summarise each news item in one sentence each.\nExample:\nItem: "Council approves bike lanes."\nSummary: The council voted for the lanes. Work starts in April. Shops worry about parking.',
      'The council voted for the lanes. Work starts in April. Shops worry about parking.',
    ],
    [
      'numbers where bullets are asked',
      'Give the key takeaways as bullet points.\n\nEXAMPLES:\n\n1. Sleep matters more than most diets.\n2. Walk after every meal.\n\nEND EXAMPLES',
      'Sleep matters more than most diets.',
    ],
    [
      'German: bullets where a numbered list is asked',
      'Antworte als nummerierte Liste mit den Schritten.\n\nBeispiel:\n- Den Router ausschalten.\n- Zehn Sekunden warten.',
      'Den Router ausschalten.',
    ],
    [
      'bold in the example where asterisks are banned',
      'Write a one-line verdict for the film. Do not use any asterisks or bold.\n\nExample output:\n**Verdict:** a slow but rewarding thriller.',
      '**Verdict:**',
    ],
    [
      'Spanish: an inline example after "por ejemplo"',
      'Escribe tres viñetas de 8 palabras como máximo sobre el producto, por ejemplo:\n- Una botella de acero que mantiene el agua fría durante veinticuatro horas seguidas en verano',
      'Una botella de acero que mantiene el agua fría durante veinticuatro horas seguidas en verano',
    ],
  ];
  for (const [name, prompt, span] of defects)
    it(`flags ${name}`, () => {
      expect(flagged(prompt)).toContain(span);
    });

  const clean: Array<[string, string]> = [
    [
      'bullets within the words asked (17 words against 15 is within tolerance)',
      '- Give the findings as 15-word bullets.\n\n# EXAMPLE\n\n- The survey shows that most remote staff want two office days a week, not five, and fewer meetings.\n- Managers underestimate how long onboarding takes for new remote hires in smaller teams.',
    ],
    [
      'a word limit of another section after an inline example',
      '- In a section called FAILURES, list what went wrong, e.g.:\n\n- Missed the deadline.\n- No tests.\n\n- In a section called ADVICE, give 10 15-word bullets on how to improve.',
    ],
    [
      'an example of the input, not of the answer',
      'Summarize the text in 3 bullets of 10 words each.\n\nExample input:\n- The committee met on Tuesday and, after a long debate about the budget, agreed to postpone the decision until March.',
    ],
    [
      'a section of the answer called USAGE EXAMPLES',
      '## USAGE EXAMPLES\n\n- Extract any code snippets\n- Present each example with context\n\n## INSIGHTS\n\n- Each insight should be a 20-word bullet point',
    ],
    [
      'bullets asked and bullets shown; the prompt numbers its own steps',
      '1. Read the notes.\n2. List the decisions as bullet points.\n\nExample:\n- Move the launch to May.\n- Hire a second designer.',
    ],
    [
      'bold in the instructions, none in the example',
      '**Important:** do not use bold in your answer.\n\nExample output:\nVerdict: a slow but rewarding thriller.',
    ],
    [
      'one sentence per item, an abbreviation inside the sentence',
      'Summarise each item in one sentence each.\nExample:\nSummary: Dr. Okafor opened the new clinic on Main St. with the mayor.',
    ],
    [
      'Italian: template slots in the example are not counted',
      'Scrivi 5 punti elenco di 12 parole ciascuno.\n\nEsempio:\n- [prima idea]\n- [seconda idea]',
    ],
  ];
  for (const [name, prompt] of clean)
    it(`leaves ${name}`, () => {
      expect(flagged(prompt)).toEqual([]);
    });
});
