/** Verifies a Clerk session token (networkless with CLERK_JWT_KEY) and reads the user from its claims. */
import { verifyToken } from '@clerk/backend';
import type { AuthUser } from '@prompt-perfect/core/auth/types';
import { orgFromClaims } from './clerkOrgClaims';

export interface ClerkVerifierOptions {
  jwtKey?: string;
  secretKey?: string;
  authorizedParties?: string[];
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

function userFromClaims(claims: Record<string, unknown>): AuthUser {
  const first = str(claims.first_name) ?? str(claims.given_name);
  const last = str(claims.last_name) ?? str(claims.family_name);
  const joined = [first, last].filter(Boolean).join(' ') || undefined;
  const email = str(claims.email) ?? str(claims.primary_email) ?? str(claims.email_address) ?? '';
  const org = orgFromClaims(claims);
  return {
    id: String(claims.sub),
    name: str(claims.name) ?? str(claims.full_name) ?? joined ?? str(claims.username) ?? email ?? '',
    email,
    source: 'clerk',
    ...(org ? { org } : {}),
  };
}

/** Resolves the user, or null when the token is not a valid Clerk session token. */
export async function verifyClerkToken(token: string, options: ClerkVerifierOptions): Promise<AuthUser | null> {
  try {
    // The public verifyToken resolves to the claims and throws on any verification failure.
    const payload = await verifyToken(token, {
      jwtKey: options.jwtKey,
      secretKey: options.jwtKey ? undefined : options.secretKey,
      authorizedParties: options.authorizedParties?.length ? options.authorizedParties : undefined,
    });
    const claims = payload as unknown as Record<string, unknown>;
    if (typeof claims.sub !== 'string' || !claims.sub) return null;
    return userFromClaims(claims);
  } catch {
    return null;
  }
}
