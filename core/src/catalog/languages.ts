/** Output languages (spec section 3). */
export type LanguageId = 'English' | 'French' | 'Spanish' | 'German';

export const LANGUAGES: Array<{ id: LanguageId; label: string }> = [
  { id: 'English', label: 'English (US)' },
  { id: 'French', label: 'French' },
  { id: 'Spanish', label: 'Spanish' },
  { id: 'German', label: 'German' },
];

export const DEFAULT_LANGUAGE: LanguageId = 'English';

export function isLanguageId(x: unknown): x is LanguageId {
  return typeof x === 'string' && LANGUAGES.some((l) => l.id === x);
}
