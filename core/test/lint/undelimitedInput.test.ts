/** undelimited-input on prompts of my own: a role-play's first request left unquoted, and what is not pasted data. */
import { describe, expect, it } from 'vitest';
import { lintPrompt } from '../../src/lint/index';

const found = (text: string) => lintPrompt(text).filter((f) => f.rule === 'undelimited-input');
const fires = (text: string) => found(text).length > 0;

const STORYTELLER = 'I want you to act as a storyteller. Tell stories of about 300 words. My first request is: ';

describe("undelimited-input reads a role-play's first request", () => {
  it('flags the request left unquoted and quotes it', () => {
    const text = `${STORYTELLER}tell a story about a dragon who loves tea.`;
    const [finding] = found(text);
    expect(finding.message).toBe('Your first request is not quoted or fenced off from your instructions.');
    expect(finding.fix?.text).toBe('"tell a story about a dragon who loves tea."');
    expect(fires('Act as a chess coach. My first move: e4, and then I will wait for your answer.')).toBe(true);
  });
  it('leaves a request that is quoted, described or still a placeholder', () => {
    const controls = [
      `${STORYTELLER}"tell a story about a dragon who loves tea."`,
      `${STORYTELLER}<request>tell a story about a dragon who loves tea.</request>`,
      'I want you to act as a storyteller. My first request is about a dragon who loves tea.',
      `${STORYTELLER}{{request}}`,
    ];
    expect(controls.filter(fires)).toEqual([]);
  });
});

describe("undelimited-input leaves the author's own structure alone", () => {
  it('flags none of these prompts', () => {
    const prompts = [
      '# TASK\nWrite flashcards from the text the user sends.\n\n# EXAMPLE\n\nText: The Dead Sea is a salt lake between Israel and Jordan, the lowest point on land.\nQ: Where is the Dead Sea? A: Between Israel and Jordan.',
      'The output should look like this:\n\nONE SENTENCE SUMMARY:\nA one-sentence summary of the talk and why it matters, in less than 30 words.',
    ];
    expect(prompts.filter((text) => fires(text))).toEqual([]);
  });
});
