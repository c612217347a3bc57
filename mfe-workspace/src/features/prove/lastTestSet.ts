// By package path: the one shared auth store of the page, not a bundled copy.
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';

/** The test set the user last saved or opened, per account, so the panel reopens on it after a reload. */
const keyOf = () => {
  const userId = useAuthStore.getState().user?.id;
  return userId ? `prompt-perfect:prove-last-set:${userId}` : null;
};

export function rememberTestSet(id: number | null): void {
  const key = keyOf();
  if (!key) return;
  try {
    if (id === null) localStorage.removeItem(key);
    else localStorage.setItem(key, String(id));
  } catch {
    // storage full or blocked: the panel just opens on a new set
  }
}

export function lastTestSet(): number | null {
  const key = keyOf();
  if (!key) return null;
  try {
    const id = Number(localStorage.getItem(key));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
