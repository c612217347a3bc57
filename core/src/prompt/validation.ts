import { MSG } from '../messages';

const blank = (s: string | null | undefined): boolean => typeof s !== 'string' || s.trim() === '';

/** Signed-in Perfect (spec section 5): input first, then technique. */
export function validateOptimizeInput(args: {
  input: string | null | undefined;
  technique: string | null | undefined;
}): string | null {
  if (blank(args.input)) return MSG.enterPrompt;
  if (blank(args.technique)) return MSG.selectTechnique;
  return null;
}

/** Test Prompt panel: an optimized prompt first, then a test input. */
export function validateTestInput(args: {
  optimizedPrompt: string | null | undefined;
  testInput: string | null | undefined;
}): string | null {
  if (blank(args.optimizedPrompt)) return MSG.optimizeFirst;
  if (blank(args.testInput)) return MSG.enterTestInput;
  return null;
}

/** Continue Building needs non-empty additional text. */
export function validateContinueBuilding(text: string | null | undefined): string | null {
  return blank(text) ? MSG.enterAdditions : null;
}
