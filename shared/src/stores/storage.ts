import type { PersistStorage, StorageValue } from 'zustand/middleware';

/**
 * Safe access to browser localStorage. Works where it is missing (Node, SSR), disabled (access
 * throws a SecurityError) or full (setItem throws a QuotaExceededError): reads give null and
 * writes report false, nothing throws. localStorage is looked up on every call, so a test can
 * install a fake one after the modules are loaded.
 */
interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function getLocalStorage(): KeyValueStorage | null {
  try {
    const ls = (globalThis as { localStorage?: KeyValueStorage }).localStorage;
    return ls && typeof ls.getItem === 'function' && typeof ls.setItem === 'function' ? ls : null;
  } catch {
    return null;
  }
}

export function safeGetItem(key: string): string | null {
  try {
    const value = getLocalStorage()?.getItem(key);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function safeSetItem(key: string, value: string): boolean {
  try {
    const ls = getLocalStorage();
    if (!ls) return false;
    ls.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function safeRemoveItem(key: string): void {
  try {
    getLocalStorage()?.removeItem(key);
  } catch {
    // nothing to do
  }
}

/** JSON.parse that returns undefined instead of throwing. */
export function safeParseJson(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * A zustand persist storage over localStorage that validates what it reads. `sanitize` gets the
 * stored state (zustand's {state, version} envelope unwrapped, or a bare value written by other
 * code) and returns the valid parts, or null to ignore it. Any stored version is accepted:
 * sanitizing replaces migrations.
 */
export function createValidatedStorage<S>(sanitize: (raw: unknown) => S | null, version = 0): PersistStorage<S> {
  return {
    getItem(name: string): StorageValue<S> | null {
      const parsed = safeParseJson(safeGetItem(name));
      if (parsed === undefined || parsed === null) return null;
      const inner = isRecord(parsed) && 'state' in parsed ? parsed.state : parsed;
      const state = sanitize(inner);
      return state === null ? null : { state, version };
    },
    setItem(name: string, value: StorageValue<S>): void {
      try {
        safeSetItem(name, JSON.stringify(value));
      } catch {
        // unserialisable state: keep the in-memory value only
      }
    },
    removeItem(name: string): void {
      safeRemoveItem(name);
    },
  };
}

/**
 * Runs `reload` when another tab changes `key` (or clears storage), so every tab shows the same
 * account cache and trial count instead of overwriting each other with stale copies.
 */
export function onOtherTabChange(key: string | ((key: string) => boolean), reload: () => void): void {
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
  const matches = typeof key === 'string' ? (k: string) => k === key : key;
  window.addEventListener('storage', (event: StorageEvent) => {
    if (event.key === null || matches(event.key)) reload();
  });
}
