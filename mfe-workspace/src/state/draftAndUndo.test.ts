import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDraft, saveDraft } from '@prompt-perfect/shared/stores/workspaceDraft';
import { rememberVisitorResult } from '@prompt-perfect/shared/visitor/visitorWork';
import { keepDraft } from './draft';
import { useProvidersStore } from './providersStore';
import { defaultTestModel, resolveTestModel } from './testModel';
import { createInitialState, useWorkspaceStore } from './workspaceStore';

const ws = () => useWorkspaceStore.getState();

class MemoryStorage {
  private readonly map = new Map<string, string>();
  getItem = (key: string) => this.map.get(key) ?? null;
  setItem = (key: string, value: string) => void this.map.set(key, value);
  removeItem = (key: string) => void this.map.delete(key);
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  useWorkspaceStore.setState(createInitialState());
  useProvidersStore.setState({ status: 'idle', configured: {}, models: {} });
});
afterEach(() => vi.unstubAllGlobals());

describe('Clear with Undo', () => {
  it('puts back the prompt, options, tests and result that Clear removed', () => {
    ws().set({
      input: 'Write a haiku',
      tone: 'Friendly',
      language: 'French',
      testInput: 'tea',
      output: { text: 'You are a poet.', error: false },
    });
    ws().clear();
    expect(ws()).toMatchObject({ input: '', tone: 'Normal', language: 'English', testInput: '', output: null });
    expect(ws().clearedWork).not.toBeNull();
    ws().undoClear();
    expect(ws()).toMatchObject({
      input: 'Write a haiku',
      tone: 'Friendly',
      language: 'French',
      testInput: 'tea',
      output: { text: 'You are a poet.' },
    });
    expect(ws().clearedWork).toBeNull();
  });

  it('offers no Undo for clearing an empty workspace, and none once the offer is forgotten', () => {
    ws().clear();
    expect(ws().clearedWork).toBeNull();
    ws().set({ input: 'x' });
    ws().clear();
    ws().forgetCleared();
    ws().undoClear();
    expect(ws().input).toBe('');
  });
});

describe('the draft across reloads', () => {
  it('is restored for the same account and saved as it changes', () => {
    saveDraft('user_1', {
      input: 'Saved task',
      testInput: 'sample',
      tone: 'Friendly',
      output: { text: 'Saved result' },
      outputSource: 'Saved task',
    });
    const stop = keepDraft('user_1');
    expect(ws()).toMatchObject({
      input: 'Saved task',
      testInput: 'sample',
      tone: 'Friendly',
      output: { text: 'Saved result', error: false },
    });
    ws().set({ input: 'Edited task' });
    expect(loadDraft('user_1')?.input).toBe('Edited task');
    stop();
    ws().reset();
    expect(loadDraft('user_1')?.input).toBe('Edited task');
  });

  it("does not save an error or a half-streamed answer as the result, nor another account's draft", () => {
    const stop = keepDraft('user_1');
    ws().set({ input: 'a', output: { text: 'Error: boom', error: true } });
    expect(loadDraft('user_1')?.output).toBeNull();
    stop();
    expect(loadDraft('user_2')).toBeNull();
  });

  it("carries the visitor's task and last result in on sign-in, once", () => {
    saveDraft('user_1', { input: 'older draft' });
    rememberVisitorResult('Write a haiku', 'You are a poet. Write a haiku.');
    keepDraft('user_1')();
    expect(ws()).toMatchObject({
      input: 'Write a haiku',
      outputSource: 'Write a haiku',
      output: { text: 'You are a poet. Write a haiku.', error: false },
    });
    useWorkspaceStore.setState(createInitialState());
    keepDraft('user_1')();
    expect(ws().input).toBe('Write a haiku');
    expect(loadDraft('user_1')?.output?.text).toBe('You are a poet. Write a haiku.');
  });
});

describe('the Test model', () => {
  const info = (configured: Record<string, boolean>) => ({ configured, models: {}, testModel: 'gpt-4o' });

  it('defaults to gpt-4o with OpenAI, else the first model of a configured provider, and none offline', () => {
    expect(defaultTestModel(info({ openai: true, anthropic: true }))).toEqual({ provider: 'openai', model: 'gpt-4o' });
    expect(defaultTestModel(info({ openai: false, anthropic: true }))).toEqual({
      provider: 'anthropic',
      model: 'claude-3-7-sonnet-20250219',
    });
    expect(defaultTestModel(info({ openai: false, anthropic: false }))).toBeNull();
  });

  it("keeps the user's pick while its provider is available and the model offered", () => {
    const claude = { provider: 'anthropic' as const, model: 'claude-3-5-haiku-20241022' };
    expect(resolveTestModel(claude, info({ openai: true, anthropic: true }))).toEqual(claude);
    expect(resolveTestModel(claude, info({ openai: true, anthropic: false }))).toEqual({
      provider: 'openai',
      model: 'gpt-4o',
    });
    expect(resolveTestModel({ provider: 'openai', model: 'gone-model' }, info({ openai: true }))).toEqual({
      provider: 'openai',
      model: 'gpt-4o',
    });
  });
});
