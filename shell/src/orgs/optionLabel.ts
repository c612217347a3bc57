/**
 * A saved option's key as a label beside Technique, Provider and Model: "maxTokens" becomes
 * "Max tokens", "tone" becomes "Tone".
 */
export function optionLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
