/** example-format-mismatch on example answers: JSON types, dates, one-word answers, scales, wrappers. */
import { describe, expect, it } from 'vitest';
import { lintPrompt } from '../../src/lint/index';

const flagged = (text: string) =>
  lintPrompt(text)
    .filter((f) => f.rule === 'example-format-mismatch')
    .map((f) => text.slice(f.start, f.end));

describe('example answers against the answer the prompt asks for', () => {
  const defects: Array<[string, string, string]> = [
    [
      'a JSON object where a JSON array is asked',
      'List the cities in the text as a JSON array of strings, nothing else.\nExample output: {"cities": ["Lyon", "Porto"]}',
      '{"cities": ["Lyon", "Porto"]}',
    ],
    [
      'a sentence where a single word is asked, with punctuation',
      'Does the posting state a salary? Reply with a single word: YES or NO.\n\nExample:\nPosting: "Engineer, remote. €70,000 to €85,000."\nAnswer: Yes, it gives €70,000 to €85,000.',
      'Yes, it gives €70,000 to €85,000',
    ],
    [
      'a reason after the label where only "yes" or "no" is allowed',
      'Ist die Klausel eine Kündigung ohne Grund? Answer only "yes" or "no", lowercase.\nExample:\nClause: "Either party may terminate for convenience."\nAnswer: yes, because "for convenience" means without cause',
      'yes, because "for convenience" means without cause',
    ],
    [
      'a decimal on a scale with words after each end',
      'Rate the urgency from 1 (can wait) to 5 (today). Reply with a single integer.\n\nExample:\nMessage: "My inhaler ran out."\nRating: 4.5',
      '4.5',
    ],
  ];
  for (const [name, prompt, span] of defects)
    it(`flags ${name}`, () => {
      expect(flagged(prompt)).toContain(span);
    });

  const clean: Array<[string, string]> = [
    [
      'JSON after words on the example line',
      'Classify the intent. Return a JSON object {"intent": <intent>} and nothing else.\nExample: for "where is my parcel??" return {"intent": "track_order"}',
    ],
    [
      'a date in the input below the example, fenced in tags',
      'Devolva apenas um objeto JSON com a chave "data" (AAAA-MM-DD).\nExemplo de saída: {"data": "2025-01-08"}\n<recibo>\nMercadinho - 17/03/2025 - R$ 87,40\n</recibo>',
    ],
    ['a one-word answer', 'Reply with a single word: YES or NO.\nExample:\nPosting: "Engineer, €70,000."\nAnswer: YES'],
    [
      'a whole number on the scale',
      'Rate the urgency from 1 (can wait) to 5 (today). Reply with a single integer.\n\nExample:\nMessage: "My inhaler ran out."\nRating: 4',
    ],
    [
      'the wrapper asked',
      'Wrap your whole answer in <answer></answer> tags.\n\nExample of the expected output:\n<answer>Shipping costs 9.90 CHF.</answer>',
    ],
    [
      'verdicts inside the pass/fail set',
      '<example>\n{"critique": "Correct grouping.", "outcome": "pass"}\n</example>\n\nGive a pass/fail judgment in the same format.',
    ],
    [
      'an and/or before a decision',
      'Describe the approval and/or decision process.\nExample: {"decision": "escalate"}',
    ],
    [
      'example rows with as many fields as the template',
      'List the sponsors like this:\n- $CHANNEL$ | $SPONSOR$ | $LINK$\n\n# EXAMPLE\n\n- Lex | Flair | https://flair.ai',
    ],
    ['a JSON array where one is asked', 'Return a JSON array of names.\nExample output: ["Ada", "Grace"]'],
  ];
  for (const [name, prompt] of clean)
    it(`leaves ${name}`, () => {
      expect(flagged(prompt)).toEqual([]);
    });
});
