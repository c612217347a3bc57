/** The text to show for a thrown value: an Error's message, else the value as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}
