import { describe, expect, it } from 'vitest';
import type { RemotesListing } from '@prompt-perfect/core/api/remotes';
import { newerReleaseIn } from './newerRelease';

const listing = (trial: string, canary?: string): RemotesListing => ({
  remotes: {
    trial: { url: '/t', version: trial, canary: canary ? { url: '/c', version: canary, percent: 10 } : null },
    workspace: { url: '/w', version: 'initial', canary: null },
    progress: { url: '/p', version: 'initial', canary: null },
  },
});

describe('a newer release than the page runs', () => {
  it('is the remote whose served version differs from the one this page loaded', () => {
    expect(newerReleaseIn(listing('2.0.0'), { trial: 'initial', workspace: 'initial' })).toBe('trial');
    expect(newerReleaseIn(listing('initial'), { trial: 'initial', workspace: 'initial' })).toBeUndefined();
  });

  it('is not the canary this page runs, nor anything for a page on a fallback or without versions', () => {
    expect(newerReleaseIn(listing('2.0.0', '2.1.0'), { trial: '2.1.0' })).toBeUndefined();
    expect(newerReleaseIn(listing('2.0.0'), { trial: null })).toBeUndefined();
    expect(newerReleaseIn(listing('2.0.0'), {})).toBeUndefined();
  });
});
