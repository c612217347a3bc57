/**
 * The local identity's session at start-up: written into the page by the server (no request at
 * all), else requested while the shell's code is still loading instead of after the first render.
 * Taken once by LocalAuthProvider; later reads ask again.
 */
import { fetchSession } from '@prompt-perfect/shared/api/client';
import type { SessionResponse } from '@prompt-perfect/core/api/types';
import { INITIAL_SESSION_ELEMENT_ID } from '@prompt-perfect/core/contracts/runtimeConfig';

let early: Promise<SessionResponse> | undefined;

/** The session the page was served with, when the server wrote one in. */
export function sessionInPage(): SessionResponse | undefined {
  const text = document.getElementById(INITIAL_SESSION_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const session = JSON.parse(text) as SessionResponse;
    return session && 'user' in session ? session : undefined;
  } catch {
    return undefined;
  }
}

export function requestSessionEarly(): void {
  const inPage = sessionInPage();
  early = inPage ? Promise.resolve(inPage) : fetchSession();
  // Whoever takes it handles a failure; until then it must not count as unhandled.
  early.catch(() => undefined);
}

export function takeSession(): Promise<SessionResponse> {
  const session = early ?? fetchSession();
  early = undefined;
  return session;
}
