/**
 * The token of the visitor page's script-less form (a plain POST, so no custom header can prove
 * where it came from). Bound to the visitor's signed cookie id and to its issue time with an HMAC
 * under the server secret: a page on another site can neither read it (same-origin policy) nor
 * forge it, and it stops working after TOKEN_LIFETIME_MS. The Origin check (rejectCrossSite) and
 * the host allow-list still apply on top.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const TOKEN = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

export interface FormTokens {
  issue(visitorId: string): string;
  /** Whether `token` was issued by this server to this visitor and is still fresh. */
  verify(visitorId: string, token: unknown): boolean;
}

export function createFormTokens(secret: string, now: () => number = Date.now): FormTokens {
  const mac = (visitorId: string, issuedAt: string) =>
    createHmac('sha256', secret).update(`visitor-form\0${visitorId}\0${issuedAt}`).digest('base64url');
  return {
    issue(visitorId) {
      const issuedAt = now().toString(36);
      return `${issuedAt}.${mac(visitorId, issuedAt)}`;
    },
    verify(visitorId, token) {
      if (typeof token !== 'string') return false;
      const parts = TOKEN.exec(token);
      if (!parts) return false;
      const [, issuedAt, signature] = parts as unknown as [string, string, string];
      const age = now() - Number.parseInt(issuedAt, 36);
      if (!(age >= 0 && age <= TOKEN_LIFETIME_MS)) return false;
      return timingSafeEqual(Buffer.from(signature), Buffer.from(mac(visitorId, issuedAt)));
    },
  };
}
