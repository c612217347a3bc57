import type { Response } from 'express';

/** Aborts when the client goes away before we answered, so upstream calls stop too. */
export function abortOnClientClose(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
