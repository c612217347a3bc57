import { messageOf } from '@prompt-perfect/core/errors/messageOf';

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** What to tell the user about a failed call; the client's errors already read well (server down, 4xx text). */
export const failureText = (error: unknown) => (isAbort(error) ? 'Stopped.' : messageOf(error));
