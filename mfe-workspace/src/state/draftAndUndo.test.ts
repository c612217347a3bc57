import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDraft, saveDraft } from '@prompt-perfect/shared/stores/workspaceDraft';
import { rememberVisitorResult } from '@prompt-perfect/shared/visitor/visitorWork';
import { keepDraft } from './draft';
import { useProvidersStore } from './providersStore';
import { defaultTestModel, resolveTestModel } from './testModel';
import {
  createInitialState,
  isOutOfDate,
  madeFromOf,
  TEMPLATE_REPLACED_NOTE,
  useWorkspaceStore,
} from './workspaceStore';

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

describe('templates never destroy typed text', () => {
  const template = { templateId: 'blog-post', input: 'Write a blog post about [topic].', variables: {} };

  it('a template over typed text offers Undo, which puts the text back', () => {
    ws().set({ input: 'My own words', variables: { name: 'Ada' } });
    ws().applyTemplate(template);
    expect(ws()).toMatchObject({ input: template.input, templateId: 'blog-post', clearedNote: TEMPLATE_REPLACED_NOTE });
    ws().undoClear();
    expect(ws()).toMatchObject({ input: 'My own words', variables: { name: 'Ada' }, templateId: null });
    expect(ws().clearedWork).toBeNull();
  });

  it('a template into an empty box offers nothing to undo', () => {
    ws().applyTemplate(template);
    expect(ws().clearedWork).toBeNull();
  });
});

describe('a result out of date', () => {
  it('is marked when the prompt or an option changes after it, and not when they come back', () => {
    ws().set({
      input: 'Write a haiku',
      output: { text: 'You are a poet.', error: false },
      outputSource: 'Write a haiku',
    });
    ws().set({ outputMadeFrom: madeFromOf(ws()) });
    expect(isOutOfDate(ws())).toBe(false);
    ws().set({ tone: 'Witty' });
    expect(isOutOfDate(ws())).toBe(true);
    ws().set({ tone: 'Normal', input: 'Write a limerick' });
    expect(isOutOfDate(ws())).toBe(true);
    ws().set({ input: 'Write a haiku ' });
    expect(isOutOfDate(ws())).toBe(false);
  });

  it('without a record of its making (an older draft) compares the prompt alone', () => {
    ws().set({ input: 'a', output: { text: 'b', error: false }, outputSource: 'a', outputMadeFrom: '' });
    ws().set({ tone: 'Witty' });
    expect(isOutOfDate(ws())).toBe(false);
    ws().set({ input: 'c' });
    expect(isOutOfDate(ws())).toBe(true);
  });
});

describe('the draft across reloads', () => {
  it("keeps the user's technique, provider and model, and the result's history entry", () => {
    let stop = keepDraft('user_1');
    ws().set({ technique: 'few-shot', provider: 'anthropic', model: 'claude-3-opus-20240229' });
    ws().set({ input: 'x', output: { text: 'y', error: false }, outputSource: 'x', outputHistoryId: 12 });
    stop();
    useWorkspaceStore.setState(createInitialState());
    stop = keepDraft('user_1');
    expect(ws()).toMatchObject({
      technique: 'few-shot',
      provider: 'anthropic',
      model: 'claude-3-opus-20240229',
      outputHistoryId: 12,
    });
    stop();
  });

  it('moves a stored model the server no longer offers to one it does', () => {
    useProvidersStore.setState({
      models: { openai: [{ id: 'gpt-4o', name: 'GPT-4o', description: '', source: 'catalogue' }] },
    });
    saveDraft('user_1', { provider: 'openai', model: 'gone-model' });
    keepDraft('user_1')();
    expect([ws().provider, ws().model]).toEqual(['openai', 'gpt-4o']);
  });

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
