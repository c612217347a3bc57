import { DEFAULT_LANGUAGE, type LanguageId } from '../catalog/languages';
import { DEFAULT_TECHNIQUE, type TechniqueId } from '../catalog/techniques';
import { DEFAULT_TONE, type ToneId } from '../catalog/tones';

/** Everything the workspace passes to an optimization besides the task itself (spec section 3). */
export interface OptimizationOptions {
  technique: TechniqueId;
  positiveExamples?: string;
  negativeExamples?: string;
  language: LanguageId;
  tone: ToneId;
  customTone?: string;
  personaId?: string | null;
  audienceId?: string | null;
  templateId?: string | null;
}

const DEFAULT_OPTIONS: OptimizationOptions = Object.freeze({
  technique: DEFAULT_TECHNIQUE,
  language: DEFAULT_LANGUAGE,
  tone: DEFAULT_TONE,
});

export function withDefaults(options?: Partial<OptimizationOptions>): OptimizationOptions {
  return {
    ...DEFAULT_OPTIONS,
    ...options,
    technique: options?.technique ?? DEFAULT_OPTIONS.technique,
    language: options?.language ?? DEFAULT_OPTIONS.language,
    tone: options?.tone ?? DEFAULT_OPTIONS.tone,
  };
}
