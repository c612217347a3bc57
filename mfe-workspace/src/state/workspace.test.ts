import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorText, MSG, providerNotConfigured } from '@prompt-perfect/shared/messages';
import { useStatsStore } from '@prompt-perfect/shared/stores/statsStore';
import { perfect, runTest } from './actions';
import { useProvidersStore } from './providersStore';
import { effectiveAiEnabled, sanitizeSettings, useSettingsStore } from './settingsStore';
import { createInitialState, useWorkspaceStore } from './workspaceStore';

const ws = () => useWorkspaceStore.getState();

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  useWorkspaceStore.setState(createInitialState());
  useSettingsStore.setState({ aiEnabled: null });
  useProvidersStore.setState({ status: 'idle', configured: {} });
  useStatsStore.getState().resetStats();
});
afterEach(() => vi.unstubAllGlobals());

describe('workspace store', () => {
  it('starts on the spec default model and resets the model when the provider changes', () => {
    expect(ws().model).toBe('gpt-4o-mini');
    ws().setProvider('anthropic');
    expect(ws().model).toBe('claude-3-7-sonnet-20250219');
    ws().setProvider('openai');
    expect(ws().model).toBe('gpt-4o');
  });

  it('Clear resets the spec list and keeps technique, provider and model', () => {
    ws().set({
      technique: 'few-shot',
      input: 'x',
      output: { text: 'y', error: false },
      testInput: 't',
      testOutput: { text: 'o', error: false },
      templateId: 'blog-post',
      positiveExamples: 'g',
      negativeExamples: 'b',
      tone: 'Custom',
      customTone: 'c',
      language: 'German',
      personaId: 'ceo',
      audienceId: 'developers',
      continueText: 'more',
    });
    ws().clear();
    const s = ws();
    expect([s.input, s.testInput, s.positiveExamples, s.negativeExamples, s.continueText]).toEqual(['', '', '', '', '']);
    expect([s.output, s.testOutput, s.templateId, s.personaId, s.audienceId]).toEqual([null, null, null, null, null]);
    expect([s.tone, s.language]).toEqual(['Normal', 'English']);
    expect(s.technique).toBe('few-shot');
  });
});

describe('settings', () => {
  it('AI defaults on exactly when the provider is configured, unless the user chose', () => {
    expect(effectiveAiEnabled(null, true)).toBe(true);
    expect(effectiveAiEnabled(null, false)).toBe(false);
    expect(effectiveAiEnabled(false, true)).toBe(false);
    expect(effectiveAiEnabled(true, false)).toBe(true);
  });

  it('keeps only valid stored values', () => {
    expect(sanitizeSettings({ aiEnabled: 'yes', defaultTechnique: 'nope', defaultProvider: 'anthropic' })).toEqual({
      aiEnabled: null,
      defaultTechnique: 'zero-shot',
      defaultProvider: 'anthropic',
    });
    expect(sanitizeSettings('junk')).toBeNull();
  });
});

describe('Perfect', () => {
  it('validates first, with the spec message, and makes no call', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    ws().set({ input: '   ' });
    await perfect();
    expect(ws().output).toEqual({ text: errorText(MSG.enterPrompt), error: true });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with AI off uses the offline optimizer, makes no call and records the run', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    useSettingsStore.setState({ aiEnabled: false });
    ws().set({ input: 'write a sql query that lists late orders' });
    await perfect();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(ws().output?.error).toBe(false);
    expect(ws().output?.text).toContain('Task: Write a sql query that lists late orders.');
    expect(useStatsStore.getState().totalPrompts).toBe(1);
  });

  it('with AI on and the provider unavailable shows the administrator message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ providers: [{ id: 'openai', label: 'OpenAI', configured: false, models: [] }] })),
    );
    useSettingsStore.setState({ aiEnabled: true });
    ws().set({ input: 'hello there' });
    await perfect();
    expect(ws().output).toEqual({ text: errorText(providerNotConfigured('OpenAI')), error: true });
    expect(useStatsStore.getState().totalPrompts).toBe(0);
  });

  it('calls the gateway, strips the preamble and records the score of the optimized prompt', async () => {
    const calls: Array<{ url: string; body: any }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/providers') return jsonResponse({ providers: [{ id: 'openai', label: 'OpenAI', configured: true, models: [] }] });
        calls.push({ url, body: JSON.parse(String(init?.body)) });
        return jsonResponse({ text: "Here's an optimized prompt:\n\nPlease write a detailed, specific summary." });
      }),
    );
    ws().set({ input: ' summarise ', technique: 'chain-of-thought' });
    await perfect();
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/generate');
    expect(calls[0].body).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', userPrompt: 'summarise' });
    expect(calls[0].body.systemPrompt).toContain('Chain of Thought');
    expect(ws().output).toEqual({ text: 'Please write a detailed, specific summary.', error: false });
    expect(useStatsStore.getState().totalPrompts).toBe(1);
  });
});

describe('Test Prompt', () => {
  it('needs an optimized prompt, then a test input', async () => {
    await runTest();
    expect(ws().testOutput?.text).toBe(errorText(MSG.optimizeFirst));
    ws().set({ output: { text: 'Optimized', error: false } });
    await runTest();
    expect(ws().testOutput?.text).toBe(errorText(MSG.enterTestInput));
    // An error text in the output is not an optimized prompt.
    ws().set({ output: { text: 'Error: x', error: true }, testInput: 'hi' });
    await runTest();
    expect(ws().testOutput?.text).toBe(errorText(MSG.optimizeFirst));
  });
});
