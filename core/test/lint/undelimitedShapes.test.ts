/**
 * undelimited-input by the shape of the pasted material, whatever the prompt calls it: an e-mail, a
 * chat transcript, a log, or prose an instruction points at. Prompts written for this test.
 */
import { describe, expect, it } from 'vitest';
import { lintPrompt } from '../../src/lint/index';

const found = (text: string) => lintPrompt(text).filter((f) => f.rule === 'undelimited-input');
const flagged = (text: string) => found(text).map((f) => text.slice(f.start, f.end));

const EMAIL_WITH_HEADERS = `From: Priya Nair
To: Facilities
Subject: Broken heater in room 4B
The heater in 4B has not worked since Monday and the room is at 14 degrees in the mornings.

Write a short reply promising a visit from the technician tomorrow.`;

const EMAIL_WITH_GREETING = `Draft a polite answer to this for me.
Hello Marco,
I am afraid the cabin we booked for the first week of August has been double-booked by the owner, and we will need to find another place or move our dates by a week.
Best regards,
Ines`;

const TRANSCRIPT = `Read the conversation and suggest the agent's next reply.
Customer: My parcel says delivered but it is not at my door.
Agent: I am sorry to hear that, could you check with your neighbours first?
Customer: I did, nobody has it and the photo shows another house.`;

const LOG = `Explain what went wrong in this log in two sentences.
2025-03-02 10:14:03 worker started with 4 threads
2025-03-02 10:14:09 connection to queue refused, retrying in 5 s
2025-03-02 10:14:14 connection to queue refused, giving up`;

const POINTED_PROSE = `Turn this into three bullet points for the newsletter.

The library will open on Sundays from March, from noon to five. The children's corner gets new shelves and a reading carpet paid for by the friends' association. Late fees are dropped for readers under sixteen, and the book drop by the car park will be emptied twice a day instead of once. The reading group moves to Thursday evenings.`;

describe('undelimited-input finds pasted material by its shape', () => {
  it.each([
    ['an e-mail with header lines', EMAIL_WITH_HEADERS, 'From: Priya Nair'],
    ['an e-mail with a greeting and a sign-off', EMAIL_WITH_GREETING, 'Hello Marco,'],
    ['a transcript of speaker turns', TRANSCRIPT, 'Customer: My parcel'],
    ['a timestamped log', LOG, '2025-03-02 10:14:03'],
    ['prose the instruction points at', POINTED_PROSE, 'The library will open'],
  ])('flags %s', (_, text, begins) => {
    const spans = flagged(text);
    expect(spans).toHaveLength(1);
    expect(spans[0].startsWith(begins)).toBe(true);
  });

  it('wraps the material in tags named for it', () => {
    const fix = found(LOG)[0].fix;
    expect(fix?.text.startsWith('<log>\n2025-03-02')).toBe(true);
  });
});

describe('undelimited-input leaves alone what only looks like it', () => {
  it.each([
    ['an e-mail template with placeholders', 'Write the e-mail in this layout:\nFrom: {{sender}}\nTo: {{team}}'],
    ['a greeting to the model and thanks', 'Hello, can you suggest five names for a bakery in Lisbon?\nThanks!'],
    [
      'labelled fields of an example',
      'Classify each review.\nReview: Great battery.\nLabel: positive\nReview: Screen cracked.\nLabel: negative',
    ],
    [
      'an account of the author’s own organisation',
      'Write a thank-you note to our volunteers, using this.\n\nWe run a food bank in Leeds and we opened a second site this year. Our volunteers sorted twelve tonnes of food and our van covered every estate in the east of the city. We also started a cooking class that our regulars now teach themselves.',
    ],
    [
      'prose in a prompt that fences its data elsewhere',
      `Summarise this for the board.\n\nThe pilot ran for six weeks in two stores and sales of the new range were flat in the first store. The second store sold out twice, mostly on weekends. Staff said the display was hard to restock.\n\n<figures>\n{{figures}}\n</figures>`,
    ],
    [
      'a worked example under an examples heading',
      `Answer the customer's chat message in one sentence.\n\n# EXAMPLES\n${TRANSCRIPT.split('\n').slice(1).join('\n')}`,
    ],
  ])('leaves %s', (_, text) => {
    expect(flagged(text)).toEqual([]);
  });
});
