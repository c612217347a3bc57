/**
 * Removes a model's leading preamble from a result (spec section 5), e.g.
 * "Here's an optimized prompt:", "Sure! Here is the improved version of your prompt:" or a
 * heading line "**Optimized Prompt:**". Only a preamble at the very start, ending with a colon,
 * is removed; if nothing would remain, the text is kept. The patterns run on a bounded slice
 * with bounded quantifiers, so the cost does not grow with the input.
 */
const HEAD_SLICE = 300;

const OPENER = String.raw`(?:(?:sure|certainly|of course|absolutely|okay|ok|great|alright)[!,.]?\s{0,3})?`;
const HERE = String.raw`(?:here(?:'|\u2019)?s|here is|below is|this is)`;

/** "Sure! Here's an optimized marketing prompt for you:" */
const PREAMBLE = new RegExp(
  String.raw`^\s*(?:\*\*)?${OPENER}${HERE}\s[^\n:]{0,100}?\bprompts?\b[^\n:]{0,60}:(?:\*\*)?[ \t]*(?:\r?\n)*`,
  'i',
);

/** "**Optimized Prompt:**" or "## Improved prompt" on a line of its own. */
const HEADING =
  /^\s*(?:#{1,6}\s{0,3})?(?:\*\*)?(?:optimi[sz]ed|improved|refined|enhanced|revised|rewritten|final|perfected)(?:\s[a-z]{1,20}){0,2}\s(?:version\s(?:of\s)?(?:the\s|your\s)?)?prompt(?:\*\*)?\s{0,2}:?(?:\*\*)?[ \t]*\r?\n/i;

/** Removes one preamble or heading at the very start of `text` (already trimmed at the start). */
export function stripPreambleOnce(text: string): string {
  const head = text.slice(0, HEAD_SLICE);
  for (const re of [PREAMBLE, HEADING]) {
    const m = re.exec(head);
    if (m) return text.slice(m[0].length);
  }
  return text;
}

export function stripLeadingPhrases(text: string): string {
  if (typeof text !== 'string') return '';
  const trimmed = text.trim();
  // A preamble may be followed by a heading ("Here's your prompt:\n\n**Optimized Prompt:**\n...").
  let rest = stripPreambleOnce(trimmed);
  if (rest !== trimmed) rest = stripPreambleOnce(rest.trimStart());
  const result = rest.trim();
  return result === '' ? trimmed : result;
}
