/**
 * duplicate-instruction: near misses a long prompt holds legitimately: each section's own count, a purpose line that names the task the steps
 * then order, a range whose two ends are said in two sentences. Written from the rule's definition.
 */
import { describe, expect, it } from 'vitest';
import { lintPrompt } from '../../src/lint/index';

const flagged = (text: string) =>
  lintPrompt(text)
    .filter((f) => f.rule === 'duplicate-instruction')
    .map((f) => text.slice(f.start, f.end));

/** Steps long enough that the two sections sit more than a page apart. */
const FILLER = [
  '- Read the whole input slowly and think about who wrote it, for whom, and what they wanted to achieve with it.',
  '- Note the claims the author makes, the evidence offered for each, and where the evidence is thin or missing.',
  '- Look for the surprising parts: the ones that would change how a careful reader sees the subject afterwards.',
  '- Consider how the parts connect, which ones depend on others, and which stand on their own in the argument.',
  '- Take a step back and picture the whole piece as a map before you start writing any of the sections below.',
  '- Weigh each candidate item by how new, how useful and how well supported it is, and drop the weakest ones.',
  '- Check the wording of every item against the source so that nothing is attributed to the author wrongly.',
].join('\n');

const sections = (steps: string, output: string) =>
  `# IDENTITY AND PURPOSE\n\nYou are an analyst who reads long articles and pulls out what matters to a busy reader.\n\n# STEPS\n\n${steps}\n${FILLER}\n\n# OUTPUT INSTRUCTIONS\n\n- Only output Markdown.\n${output}\n- Use bulleted lists, not numbered lists.\n\n# INPUT\n\nINPUT:`;

describe('duplicate-instruction: what a long prompt says twice on purpose is not a repeat', () => {
  it.each([
    [
      'each section its own count',
      sections(
        '- Extract 20 to 50 of the most surprising ideas into a section called IDEAS.\n- Extract 10 to 20 of the best quotes into a section called QUOTES.',
        '- Write the IDEAS bullets as exactly 16 words.\n- Write the QUOTES bullets as exactly 16 words.',
      ),
    ],
    [
      'the purpose line and the step that carries it out',
      `# IDENTITY AND PURPOSE\n\nYou extract the most surprising ideas from articles about technology.\n\n# STEPS\n\n- Extract 20 to 50 of the most surprising ideas from the input into a section called IDEAS.\n${FILLER}\n\n# OUTPUT INSTRUCTIONS\n\n- Only output Markdown.\n\n# INPUT\n\nINPUT:`,
    ],
    [
      'the two ends of a range',
      'Write a product description for the lamp. Use at least 50 words. Use at most 100 words.',
    ],
    ['two short prohibitions on different things', 'Write the caption for the photo. No emojis. No hashtags.'],
    [
      'two prohibitions on different things',
      'Summarise the thread for the team. Do not use emojis. Do not use jargon.',
    ],
    ['two parts of the answer', 'Reply in French to the customer. Write the note to the agent in English.'],
    [
      'the same limit for each part',
      'Write a section called STRENGTHS with 3 bullets. Write a section called WEAKNESSES with 3 bullets.',
    ],
    ['a count and a length', 'Write 5 taglines for the bakery. Each tagline must be under 8 words.'],
    [
      'the same tone for two different parts',
      'Reply to the customer in a friendly tone. Write the internal escalation note for the engineering team in a friendly tone too.',
    ],
    [
      'a role and an order about the same thing',
      'You are a travel guide for Lisbon. Write a travel guide for Lisbon in 5 bullets.',
    ],
    [
      'two dates in one pattern',
      'Write the start date as YYYY-MM-DD. Give the due date of the invoice in the format YYYY-MM-DD.',
    ],
    ['the same number of different things', 'Keep the summary under 100 words. Cite at most 100 sources.'],
    [
      'a format, then only that format',
      'Return the invoice fields as JSON with the keys vendor and total. Return the JSON and nothing else.',
    ],
  ])('does not flag %s', (_name, text) => {
    expect(flagged(text)).toEqual([]);
  });
});
