import { MSG } from './messages';

/** Visitor free trial (spec sections 4, 5, 9). */
export const TRIAL_LIMIT = 10;
export const TRIAL_STORAGE_KEY = 'promptTrialCount';

/** Remaining = 10 - count, never below 0 (and never above 10). */
export function trialRemaining(count: number): number {
  const c = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  return Math.max(0, Math.min(TRIAL_LIMIT, TRIAL_LIMIT - c));
}

export function trialsExhausted(count: number): boolean {
  return trialRemaining(count) === 0;
}

/**
 * Reads the stored count. Only a plain non-negative integer string ("0".."n", surrounding
 * whitespace allowed) is trusted; anything else (missing, "abc", "-3", "2.5", "1e3", "NaN")
 * reads as 0. Counts above the limit are kept as-is (remaining is still 0).
 *
 * Why 0 rather than "exhausted" on corrupt data: the browser counter is only a UI hint and is
 * trivially reset by the visitor anyway; the server-side count (design brief, decision 2) is the
 * real limit and `syncServerRemaining` brings the browser back in line on the next status call.
 * Locking a visitor out because of foreign data in storage would be the worse failure.
 */
export function parseTrialCount(raw: string | null | undefined): number {
  if (typeof raw !== 'string') return 0;
  const t = raw.trim();
  if (!/^\d{1,9}$/.test(t)) return 0;
  return Number(t);
}

export function serializeTrialCount(count: number): string {
  return String(Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0);
}

/** Visitor input: trimmed; empty -> 'Please enter a prompt to optimize' (no period). */
export function validateVisitorPrompt(text: string | null | undefined): string | null {
  return typeof text === 'string' && text.trim() !== '' ? null : MSG.visitorEnterPrompt;
}
