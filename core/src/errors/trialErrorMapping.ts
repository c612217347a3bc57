import { MSG } from '../messages';

/**
 * Spec section 8, trial optimizer mapping. Checked in this order, case-insensitively:
 * API key -> configuration; quota or billing -> unavailable; rate limit -> too many requests;
 * anything else -> the generic apology. "API key" also matches api_key / api-key / apikey.
 */
const API_KEY = /api[\s_-]?key/i;
const QUOTA_OR_BILLING = /quota|billing/i;
const RATE_LIMIT = /rate[\s_-]?limit/i;

export function mapTrialError(message: string): string {
  const m = typeof message === 'string' ? message : '';
  if (API_KEY.test(m)) return MSG.trialApiConfig;
  if (QUOTA_OR_BILLING.test(m)) return MSG.trialUnavailable;
  if (RATE_LIMIT.test(m)) return MSG.trialRateLimited;
  return MSG.trialGeneric;
}
