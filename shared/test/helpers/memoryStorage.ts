/** A Map-backed stand-in for window.localStorage, installed on globalThis for a test. */
export class MemoryStorage {
  private readonly map = new Map<string, string>();
  get length(): number {
    return this.map.size;
  }
  key(i: number): string | null {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(key: string): string | null {
    return this.map.has(key) ? this.map.get(key)! : null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value));
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  clear(): void {
    this.map.clear();
  }
}

/** A storage whose every call throws, like Safari private mode or a disabled browser storage. */
export class ThrowingStorage {
  getItem(): string | null {
    throw new Error('SecurityError');
  }
  setItem(): void {
    throw new Error('QuotaExceededError');
  }
  removeItem(): void {
    throw new Error('SecurityError');
  }
}

type Slot = { localStorage?: unknown };

export function installStorage<T>(storage: T): T {
  (globalThis as Slot).localStorage = storage;
  return storage;
}

export function installMemoryStorage(): MemoryStorage {
  return installStorage(new MemoryStorage());
}

export function removeStorage(): void {
  delete (globalThis as Slot).localStorage;
}
