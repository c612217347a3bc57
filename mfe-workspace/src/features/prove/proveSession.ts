// By package path: the one shared auth store of the page, not a bundled copy.
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { stopEvaluation } from './evaluateActions';
import { stopOptimization } from './optimizeActions';
import { onSpaceChange } from '../../state/space';
import { initialProveState, useProveStore } from './proveStore';

/**
 * The prove store outlives the panel (a run goes on while it is closed), so when the signed-in
 * user changes (sign-out, another account) it stops the runs and forgets the test set and results:
 * nothing of one user is shown to the next.
 */
export function forgetProveOnUserChange(): () => void {
  return useAuthStore.subscribe((state, previous) => {
    if (state.user?.id === previous.user?.id) return;
    forget();
  });
}

function forget(): void {
  stopEvaluation();
  stopOptimization();
  useProveStore.setState(initialProveState());
}

/**
 * The same when the person switches space: the saved sets and the results belong to the space they
 * came from. Cases being written and not yet saved stay, as a new set of the new space.
 */
export function forgetProveOnSpaceChange(): () => void {
  return onSpaceChange(() => {
    const { dirty, name, rubric, cases } = useProveStore.getState();
    forget();
    if (dirty) useProveStore.setState({ name, rubric, cases, dirty });
  });
}
