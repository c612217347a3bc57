import { useCallback, useRef, useState } from 'react';
import { messageOf } from '@prompt-perfect/core/errors/messageOf';
import { refreshRoleAfter } from '../../state/space';

export interface SpaceAction {
  /** True while an action runs: its buttons say so with aria-busy (and keep the focus a disabled one would lose). */
  busy: boolean;
  /** The last action's failure, for a role="alert" line; null after a success or a new start. */
  error: string | null;
  setError: (message: string | null) => void;
  /** Runs `action` unless one is running already (a double press sends one request). */
  run: (action: () => Promise<void>) => Promise<void>;
}

/**
 * One request a person starts on a prompt in their space: share, revoke, label, save a webhook.
 * A refusal (403) may mean an admin changed their role meanwhile, so the role is read again.
 */
export function useSpaceAction(): SpaceAction {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);

  const run = useCallback(async (action: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(messageOf(err));
      void refreshRoleAfter(err);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return { busy, error, setError, run };
}
