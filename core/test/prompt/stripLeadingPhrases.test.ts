import { describe, expect, it } from 'vitest';
import { stripLeadingPhrases } from '../../src/prompt/stripLeadingPhrases';

describe('stripLeadingPhrases (spec section 5)', () => {
  it.each([
    ["Here's an optimized prompt: Write a blog post about dogs.", 'Write a blog post about dogs.'],
    ["Here's an optimized prompt:\nWrite a blog post about dogs.", 'Write a blog post about dogs.'],
    ['Here is the improved version of your prompt:\n\nWrite a poem.', 'Write a poem.'],
    ["Sure! Here's an optimized marketing prompt:\n\nCreate copy for a bakery.", 'Create copy for a bakery.'],
    ['Certainly! Below is a refined prompt for your task:\nAct as a tutor.', 'Act as a tutor.'],
    ['Here\u2019s your optimized prompt:\nExplain DNS.', 'Explain DNS.'],
    ['**Optimized Prompt:**\nExplain DNS.', 'Explain DNS.'],
    ['## Improved prompt\nExplain DNS.', 'Explain DNS.'],
    ["Here's an improved prompt:\n\n**Optimized Prompt:**\nExplain DNS.", 'Explain DNS.'],
    ['  \n Here is the optimized prompt:  Summarize the text. \n', 'Summarize the text.'],
  ])('%j', (input, expected) => expect(stripLeadingPhrases(input)).toBe(expected));

  it.each([
    'Write a prompt: explain DNS to a child.',
    'You are an expert. Task: explain DNS.',
    'Here is the data: 1, 2, 3. Analyze it.',
    'Optimize this prompt for speed: explain DNS.',
    'Explain DNS.\nHere is an optimized prompt: not at the start.',
  ])('never strips real content: %j', (input) => expect(stripLeadingPhrases(input)).toBe(input.trim()));

  it('keeps the text when it is only a preamble', () => {
    expect(stripLeadingPhrases("Here's an optimized prompt:")).toBe("Here's an optimized prompt:");
  });
  it('trims and tolerates non-strings', () => {
    expect(stripLeadingPhrases('  plain  ')).toBe('plain');
    expect(stripLeadingPhrases(undefined as unknown as string)).toBe('');
  });
  // Speed on huge input is held by `npm run bench`; here only the result.
  it('strips the preamble of a huge result', () => {
    const big = `Here's an optimized prompt:\n${'word '.repeat(200_000)}`;
    expect(stripLeadingPhrases(big).startsWith('word')).toBe(true);
  });
});
