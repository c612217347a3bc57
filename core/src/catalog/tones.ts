/** Tones offered in the workspace (spec section 3). */
export type ToneId =
  | 'Concise'
  | 'Normal'
  | 'Explanatory'
  | 'Conversational'
  | 'Friendly'
  | 'Confident'
  | 'Minimalist'
  | 'Witty'
  | 'Custom';

export const TONES: ToneId[] = [
  'Concise',
  'Normal',
  'Explanatory',
  'Conversational',
  'Friendly',
  'Confident',
  'Minimalist',
  'Witty',
  'Custom',
];

export const DEFAULT_TONE: ToneId = 'Normal';

/** One line of guidance per tone. 'Custom' uses the user's free text instead. */
export const TONE_GUIDANCE: Record<ToneId, string> = {
  Concise: 'Be brief and to the point; no filler.',
  Normal: 'Use a clear, neutral and professional tone.',
  Explanatory: 'Explain the reasoning and define terms so the reader understands why, not only what.',
  Conversational: 'Write as if talking to the reader directly, in a natural and relaxed way.',
  Friendly: 'Be warm, encouraging and approachable.',
  Confident: 'Be direct and assertive; state recommendations without hedging.',
  Minimalist: 'Use the fewest words possible; keep only what is essential.',
  Witty: 'Be clever and lightly humorous while staying accurate.',
  Custom: 'Follow the custom tone described by the user.',
};

export function isToneId(x: unknown): x is ToneId {
  return typeof x === 'string' && (TONES as string[]).includes(x);
}

/** The tone instruction to use: the custom text for 'Custom' (when given), else the guidance line. */
export function toneInstruction(tone: ToneId, customTone?: string): string {
  const custom = customTone?.trim();
  if (tone === 'Custom') {
    if (!custom) return TONE_GUIDANCE.Normal;
    return /[.!?]$/.test(custom) ? `Use this tone: ${custom}` : `Use this tone: ${custom}.`;
  }
  return TONE_GUIDANCE[tone] ?? TONE_GUIDANCE.Normal;
}
