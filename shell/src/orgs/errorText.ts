/** The message to show for a failed call: the server's sentence, or a plain fallback. */
export const errorText = (error: unknown, fallback = 'Something went wrong. Try again.'): string =>
  error instanceof Error && error.message ? error.message : fallback;

export const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
    ? error.status
    : undefined;

export const formatDate = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
