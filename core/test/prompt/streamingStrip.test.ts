import { describe, expect, it } from 'vitest';
import { stripLeadingPhrases } from '../../src/prompt/stripLeadingPhrases';
import { createStreamingStripper } from '../../src/prompt/streamingStrip';

/** Feeds `text` in pieces of the given sizes (cycled) and returns what was shown, piece by piece. */
function feed(text: string, sizes: number[]): string[] {
  const stripper = createStreamingStripper();
  const shown: string[] = [];
  for (let i = 0, k = 0; i < text.length; k++) {
    const size = sizes[k % sizes.length];
    shown.push(stripper.push(text.slice(i, i + size)));
    i += size;
  }
  shown.push(stripper.end());
  return shown;
}

const ANSWERS = [
  "Here's an optimized prompt:\n\nYou are an expert travel writer. Write 300 words about Lisbon.",
  'Sure! Here is the improved version of your prompt:\n**Optimized Prompt:**\nAct as a data analyst.',
  '**Refined Prompt:**\n\nSummarise the report in five bullet points.',
  '## Improved prompt\nWrite a haiku about rain.',
  'You are a senior engineer. Review this code for security issues.',
  'Write a haiku about rain.\nHere is a prompt: keep this line.',
  'Here are three ideas for your weekend.',
  'This prompt asks for a poem: write one about the sea.',
  "Here's an optimized prompt:",
  '   Leading spaces then text.',
  'Okay',
  '',
];

describe('createStreamingStripper', () => {
  it('shows the same text as stripLeadingPhrases on the whole answer, whatever the piece sizes', () => {
    for (const answer of ANSWERS) {
      for (const sizes of [[1], [2], [3, 7], [5], [11, 1, 4], [1000]]) {
        expect(feed(answer, sizes).join('').trimEnd(), `${JSON.stringify(answer)} in ${sizes}`).toBe(
          stripLeadingPhrases(answer),
        );
      }
    }
  });

  it('never shows a preamble that is later removed', () => {
    const shown = feed("Here's an optimized prompt:\n\nYou are an expert.", [1]);
    expect(shown.every((piece) => !piece.includes('Here'))).toBe(true);
  });

  it('lets an ordinary answer through at once: its first word is shown as soon as it is complete', () => {
    const stripper = createStreamingStripper();
    expect(stripper.push('Yo')).toBe('Yo');
    expect(stripper.push('u are')).toBe('u are');
    const other = createStreamingStripper();
    expect(other.push('Here')).toBe('');
    expect(other.push(' are three')).toBe('');
    expect(other.push(' ideas.\n')).toBe('Here are three ideas.\n');
  });

  it('holds back no more than 300 characters when a first line never ends', () => {
    const long = `Here is ${'a very long first line without any colon '.repeat(10)}`;
    const shown = feed(long, [10]);
    expect(shown.join('')).toBe(long);
    const firstShownAt = shown.findIndex((piece) => piece !== '');
    expect(firstShownAt * 10).toBeLessThanOrEqual(310);
  });
});
