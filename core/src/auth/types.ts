/** One auth interface for the whole product; the shell plugs in a Clerk or a local adapter. */
import type { OrgRole } from '../api/orgs';

export type AuthMode = 'local' | 'clerk';
export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  /** Where the identity comes from; the UI marks 'local' identities as such. */
  source: AuthMode;
  /** Clerk mode: the active organization of the verified session token, with the role mapped to ours. */
  org?: { id: string; role: OrgRole; slug?: string };
}

export interface AuthSnapshot {
  status: AuthStatus;
  mode: AuthMode;
  user: AuthUser | null;
  /** The identity service has been loading for more than 3 s. */
  slow: boolean;
  /** The identity service failed to load: the visitor view works, sign-in does not. */
  unavailable: boolean;
}

export interface AuthActions {
  /** Bearer token for the proxy (Clerk); null for the local identity, which uses a cookie. */
  getToken: () => Promise<string | null>;
  signOut: () => Promise<void>;
}
