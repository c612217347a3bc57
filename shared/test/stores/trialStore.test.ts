import { beforeEach, describe, expect, it } from 'vitest';
import { selectRemaining, selectTrialsExhausted, useTrialStore } from '../../src/stores/trialStore';
import {
  installMemoryStorage,
  installStorage,
  type MemoryStorage,
  removeStorage,
  ThrowingStorage,
} from '../helpers/memoryStorage';

const KEY = 'promptTrialCount';
let ls: MemoryStorage;

function load(raw: string | null): void {
  ls.clear();
  if (raw !== null) ls.setItem(KEY, raw);
  useTrialStore.setState({ count: 0, serverRemaining: null });
  useTrialStore.getState().reload();
}
const remaining = () => selectRemaining(useTrialStore.getState());

beforeEach(() => {
  ls = installMemoryStorage();
  load(null);
});

describe('useTrialStore', () => {
  it('starts at 0 (10 remaining) with nothing stored', () => {
    expect(useTrialStore.getState().count).toBe(0);
    expect(remaining()).toBe(10);
  });

  it('reads the stored count', () => {
    load('7');
    expect(useTrialStore.getState().count).toBe(7);
    expect(remaining()).toBe(3);
  });

  it.each(['abc', '-4', '2.5', '', '{"state":{"count":3}}'])('corrupt stored value %j reads as 0', (raw) => {
    load(raw);
    expect(useTrialStore.getState().count).toBe(0);
  });

  it('a successful run adds 1 and writes a plain integer string', () => {
    useTrialStore.getState().recordSuccessfulRun();
    expect(useTrialStore.getState().count).toBe(1);
    expect(ls.getItem(KEY)).toBe('1');
    useTrialStore.getState().recordSuccessfulRun();
    expect(ls.getItem(KEY)).toBe('2');
  });

  it('repairs a corrupt stored value on the next run', () => {
    load('garbage');
    useTrialStore.getState().recordSuccessfulRun();
    expect(ls.getItem(KEY)).toBe('1');
  });

  it('is exhausted after 10 runs; remaining never below 0', () => {
    for (let i = 0; i < 9; i++) useTrialStore.getState().recordSuccessfulRun();
    expect(remaining()).toBe(1);
    expect(selectTrialsExhausted(useTrialStore.getState())).toBe(false);
    useTrialStore.getState().recordSuccessfulRun();
    expect(remaining()).toBe(0);
    expect(selectTrialsExhausted(useTrialStore.getState())).toBe(true);
    useTrialStore.getState().recordSuccessfulRun();
    expect(remaining()).toBe(0);
  });

  it('counts runs another tab made since the last read', () => {
    useTrialStore.getState().recordSuccessfulRun();
    ls.setItem(KEY, '5');
    useTrialStore.getState().recordSuccessfulRun();
    expect(useTrialStore.getState().count).toBe(6);
  });

  it('server wins when it reports fewer remaining', () => {
    load('2');
    useTrialStore.getState().syncServerRemaining(4);
    expect(useTrialStore.getState().count).toBe(6);
    expect(ls.getItem(KEY)).toBe('6');
    expect(remaining()).toBe(4);
  });

  it('the browser keeps its lower figure when the server reports more remaining', () => {
    load('8');
    useTrialStore.getState().syncServerRemaining(10);
    expect(useTrialStore.getState().count).toBe(8);
    expect(remaining()).toBe(2);
  });

  it('ignores nonsense from the server and clamps out-of-range values', () => {
    useTrialStore.getState().syncServerRemaining(Number.NaN);
    expect(useTrialStore.getState().serverRemaining).toBeNull();
    useTrialStore.getState().syncServerRemaining(-5);
    expect(remaining()).toBe(0);
    expect(useTrialStore.getState().count).toBe(10);
  });

  it('recordSuccessfulRun(remaining) applies the run, then the server figure', () => {
    load('3');
    useTrialStore.getState().recordSuccessfulRun(6);
    expect(useTrialStore.getState().count).toBe(4);
    expect(remaining()).toBe(6);
    useTrialStore.getState().recordSuccessfulRun(2);
    expect(useTrialStore.getState().count).toBe(8);
    expect(ls.getItem(KEY)).toBe('8');
  });

  it('works without localStorage and when it throws', () => {
    removeStorage();
    load2();
    installStorage(new ThrowingStorage());
    load2();
    function load2() {
      useTrialStore.setState({ count: 0, serverRemaining: null });
      useTrialStore.getState().reload();
      useTrialStore.getState().recordSuccessfulRun();
      expect(useTrialStore.getState().count).toBe(1);
    }
  });
});
