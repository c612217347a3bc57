import { describe, expect, it, vi } from 'vitest';

vi.mock('@clerk/clerk-react', () => ({
  ClerkProvider: ({ children }: { children: unknown }) => children,
  SignIn: () => null,
  SignUp: () => null,
  useClerk: () => ({ status: 'loading' }),
  useAuth: () => ({ isLoaded: false }),
  useUser: () => ({ user: null }),
}));

const { loadAuthUi } = await import('../authUi');

describe('Clerk adapter start-up', () => {
  it('throws a clear start-up error when the publishable key is missing', async () => {
    await expect(loadAuthUi({ mode: 'clerk', publishableKey: '' })).rejects.toThrow('Missing Clerk publishable key.');
  });

  it('is chosen only when the runtime config selects Clerk', async () => {
    const clerk = await loadAuthUi({ mode: 'clerk', publishableKey: 'pk_test_Y2xlcmsuZXhhbXBsZS5jb20k' });
    const local = await loadAuthUi({ mode: 'local' });
    expect(clerk.Provider).not.toBe(local.Provider);
    expect(local.Provider.name).toBe('LocalAuthProvider');
  });
});
