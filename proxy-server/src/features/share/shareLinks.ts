/**
 * [teams] Share links: a read-only link to one prompt version, or to a label it follows, in a space
 * (a person's own or an organization's, keyed by the space's owner key). Only the token's hash is kept.
 */
import type { ShareLinkInfo, SharedPrompt } from '@prompt-perfect/core/api/orgs';

export interface NewShareLink {
  ownerId: string;
  prompt: string;
  /** Exactly one of version and label. */
  target: { version: number } | { label: string };
  maker: { id: string; name: string };
  tokenHash: string;
  expiresAt: number | null;
}

type Created = ShareLinkInfo | 'no-prompt' | 'no-version' | 'no-label';
/** What opening a link finds: the version it shows, or why it shows nothing. */
export type Opened = SharedPrompt | 'unknown' | 'revoked' | 'expired' | 'label-gone';

export interface ShareLinkStore {
  create(link: NewShareLink, now: number): Promise<Created>;
  /** The space's links, newest first. */
  list(ownerId: string): Promise<ShareLinkInfo[]>;
  /** undefined when the space has no link of that id. */
  get(ownerId: string, id: number): Promise<ShareLinkInfo | undefined>;
  /** Stops the link working (a revoked link stays revoked); false when the space has no such link. */
  revoke(ownerId: string, id: number, now: number): Promise<boolean>;
  open(tokenHash: string, now: number): Promise<Opened>;
}
