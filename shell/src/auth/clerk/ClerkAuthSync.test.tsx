import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';

// Clerk's servers are unreachable here: the third-party hooks are replaced, our adapter is real.
const clerkState = vi.hoisted(() => ({
  status: 'loading' as 'loading' | 'ready' | 'degraded' | 'error',
  isLoaded: false,
  isSignedIn: false as boolean | undefined,
  user: null as null | Record<string, unknown>,
  getToken: vi.fn(async () => 'clerk-session-token'),
  signOut: vi.fn(async () => {}),
}));

vi.mock('@clerk/clerk-react', () => ({
  useClerk: () => ({ status: clerkState.status }),
  useAuth: () => ({
    isLoaded: clerkState.isLoaded,
    isSignedIn: clerkState.isSignedIn,
    getToken: clerkState.getToken,
    signOut: clerkState.signOut,
  }),
  useUser: () => ({ user: clerkState.user }),
}));

const { ClerkAuthSync } = await import('./ClerkAuthSync');

const initial = useAuthStore.getState();

describe('ClerkAuthSync', () => {
  beforeEach(() => {
    Object.assign(clerkState, { status: 'loading', isLoaded: false, isSignedIn: undefined, user: null });
  });
  afterEach(() => useAuthStore.setState(initial, true));

  it('reports loading while Clerk loads', () => {
    render(<ClerkAuthSync />);
    expect(useAuthStore.getState()).toMatchObject({ mode: 'clerk', status: 'loading', user: null });
  });

  it('maps a signed-in Clerk user into the shared auth store, with a working getToken and signOut', async () => {
    Object.assign(clerkState, {
      status: 'ready',
      isLoaded: true,
      isSignedIn: true,
      user: { id: 'user_1', fullName: 'Ada Lovelace', primaryEmailAddress: { emailAddress: 'ada@example.com' } },
    });
    render(<ClerkAuthSync />);
    const state = useAuthStore.getState();
    expect(state.status).toBe('signed-in');
    expect(state.user).toEqual({ id: 'user_1', name: 'Ada Lovelace', email: 'ada@example.com', source: 'clerk' });
    await expect(state.getToken()).resolves.toBe('clerk-session-token');
    await state.signOut();
    expect(clerkState.signOut).toHaveBeenCalledOnce();
  });

  it('treats a loaded client without a session as signed out', () => {
    Object.assign(clerkState, { status: 'ready', isLoaded: true, isSignedIn: false });
    render(<ClerkAuthSync />);
    expect(useAuthStore.getState()).toMatchObject({ status: 'signed-out', user: null, unavailable: false });
  });

  it('keeps visitors working when the Clerk client fails to load: signed out, sign-in unavailable', () => {
    const { rerender } = render(<ClerkAuthSync />);
    Object.assign(clerkState, { status: 'error', isLoaded: false });
    act(() => rerender(<ClerkAuthSync />));
    expect(useAuthStore.getState()).toMatchObject({ status: 'signed-out', unavailable: true });
  });

  it('keeps a degraded but loaded client usable', () => {
    Object.assign(clerkState, { status: 'degraded', isLoaded: true, isSignedIn: false });
    render(<ClerkAuthSync />);
    expect(useAuthStore.getState()).toMatchObject({ status: 'signed-out', unavailable: false });
  });
});
