import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDraft, sanitizeDraft, saveDraft } from '../../src/stores/workspaceDraft';
import { rememberVisitorResult, rememberVisitorTask, takeVisitorWork } from '../../src/visitor/visitorWork';
import { MemoryStorage, ThrowingStorage } from '../helpers/memoryStorage';

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => vi.unstubAllGlobals());

describe('workspace draft', () => {
  it('is kept per account: one user never reads another user’s draft', () => {
    saveDraft('user_a', { input: 'Ada’s task', testInput: 'a test' });
    saveDraft('user_b', { input: 'Bob’s task' });
    expect(loadDraft('user_a')).toEqual({ input: 'Ada’s task', testInput: 'a test' });
    expect(loadDraft('user_b')).toEqual({ input: 'Bob’s task' });
    expect(loadDraft('user_c')).toBeNull();
  });

  it('keys by a sanitized user id, so an id cannot reach another key', () => {
    saveDraft('../x y', { input: 'mine' });
    expect(storage.key(0)).toBe('promptPerfect.draft...%2Fx%20y');
  });

  it('ignores corrupt storage and drops only the invalid fields', () => {
    storage.setItem('promptPerfect.draft.u', '{not json');
    expect(loadDraft('u')).toBeNull();
    storage.setItem('promptPerfect.draft.u', '"a string"');
    expect(loadDraft('u')).toBeNull();
    expect(
      sanitizeDraft({
        input: 'kept',
        language: 'Klingon',
        tone: 'Friendly',
        customTone: 42,
        testModelChoice: { provider: 'acme', model: 'x' },
        output: { text: 7 },
        variables: { name: 'Ada', bad: 3 },
      }),
    ).toEqual({ input: 'kept', tone: 'Friendly' });
  });

  it('survives a storage that throws (private mode): nothing kept, nothing thrown', () => {
    vi.stubGlobal('localStorage', new ThrowingStorage());
    expect(() => saveDraft('u', { input: 'x' })).not.toThrow();
    expect(loadDraft('u')).toBeNull();
  });
});

describe("the visitor's work", () => {
  it('is the task in the box and the last result, taken once', () => {
    rememberVisitorTask('Write a haiku');
    rememberVisitorResult('Write a haiku', 'You are a poet. Write a haiku.');
    rememberVisitorTask('Write a haiku about tea');
    expect(takeVisitorWork()).toMatchObject({
      task: 'Write a haiku about tea',
      result: { text: 'You are a poet. Write a haiku.', task: 'Write a haiku' },
    });
    expect(takeVisitorWork()).toBeNull();
  });

  it('is nothing when the box is empty and no run finished, or storage is corrupt', () => {
    rememberVisitorTask('');
    expect(takeVisitorWork()).toBeNull();
    storage.setItem('promptPerfect.visitorWork', '{"task": 5}');
    expect(takeVisitorWork()).toBeNull();
  });

  it('is not carried in when it is over a day old', () => {
    rememberVisitorResult('Write a haiku', 'You are a poet.');
    vi.useFakeTimers({ now: Date.now() + 25 * 60 * 60 * 1000 });
    try {
      expect(takeVisitorWork()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
