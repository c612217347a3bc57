/** A prompt name typed freely ("Support reply v2!") as the slug the server keeps ("support-reply-v2"). */
export function toPromptName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|-+$/g, '')
    .slice(0, 80);
}
