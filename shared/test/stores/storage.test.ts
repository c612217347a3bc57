import { afterEach, describe, expect, it } from 'vitest';
import {
  createValidatedStorage,
  safeGetItem,
  safeParseJson,
  safeRemoveItem,
  safeSetItem,
} from '../../src/stores/storage';
import { installMemoryStorage, installStorage, removeStorage, ThrowingStorage } from '../helpers/memoryStorage';

afterEach(removeStorage);

describe('safe localStorage access', () => {
  it('works without any localStorage (Node)', () => {
    removeStorage();
    expect(safeGetItem('k')).toBeNull();
    expect(safeSetItem('k', 'v')).toBe(false);
    expect(() => safeRemoveItem('k')).not.toThrow();
  });
  it('works when every call throws (disabled or full storage)', () => {
    installStorage(new ThrowingStorage());
    expect(safeGetItem('k')).toBeNull();
    expect(safeSetItem('k', 'v')).toBe(false);
    expect(() => safeRemoveItem('k')).not.toThrow();
  });
  it('reads and writes a real one, looked up at call time', () => {
    const ls = installMemoryStorage();
    expect(safeSetItem('k', 'v')).toBe(true);
    expect(ls.getItem('k')).toBe('v');
    expect(safeGetItem('k')).toBe('v');
    safeRemoveItem('k');
    expect(safeGetItem('k')).toBeNull();
  });
  it('safeParseJson never throws', () => {
    expect(safeParseJson('{bad')).toBeUndefined();
    expect(safeParseJson(null)).toBeUndefined();
    expect(safeParseJson('[1]')).toEqual([1]);
  });
  it('createValidatedStorage unwraps the envelope or a bare value and validates it', () => {
    const ls = installMemoryStorage();
    const storage = createValidatedStorage((raw) => (typeof raw === 'number' ? raw : null));
    ls.setItem('a', JSON.stringify({ state: 5, version: 3 }));
    ls.setItem('b', '7');
    ls.setItem('c', '"text"');
    ls.setItem('d', '{nope');
    expect(storage.getItem('a')).toEqual({ state: 5, version: 0 });
    expect(storage.getItem('b')).toEqual({ state: 7, version: 0 });
    expect(storage.getItem('c')).toBeNull();
    expect(storage.getItem('d')).toBeNull();
    expect(storage.getItem('missing')).toBeNull();
  });
});
