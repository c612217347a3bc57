import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_UNREACHABLE_MESSAGE } from '@prompt-perfect/shared/api/client';
import { encodeStreamEvent, type StreamEvent } from '@prompt-perfect/core/api/stream';
import { errorText, MSG, providerNotConfigured, refinementErrorText } from '@prompt-perfect/core/messages';
import { findBadge } from '@prompt-perfect/core/progress/badges';
import { useStatsStore } from '@prompt-perfect/shared/stores/statsStore';
import { continueBuilding, perfect, runTest } from './actions';
import { stopRun } from './runs';
import { useProvidersStore } from './providersStore';
import { sanitizeSettings } from '@prompt-perfect/shared/account/cachedState';
import { effectiveAiEnabled, useSettingsStore } from '@prompt-perfect/shared/stores/settingsStore';
import { createInitialState, useWorkspaceStore } from './workspaceStore';

const ws = () => useWorkspaceStore.getState();

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  useWorkspaceStore.setState(createInitialState());
  useSettingsStore.setState({ aiEnabled: null });
  useProvidersStore.setState({ status: 'idle', configured: {}, models: {} });
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

  it("follows the server's model list: a chosen model it does not offer moves to one it does", () => {
    const listed = (...names: string[]) =>
      names.map((id) => ({ id, name: id, description: '', source: 'discovered' as const }));
    useProvidersStore.setState({ status: 'ready', models: { openai: listed('llama3.2:3b', 'qwen2.5:7b') } });
    expect(ws().model).toBe('llama3.2:3b');
    ws().set({ model: 'qwen2.5:7b' });
    useProvidersStore.setState({ models: { openai: listed('llama3.2:3b', 'qwen2.5:7b', 'mistral-nemo:12b') } });
    expect(ws().model).toBe('qwen2.5:7b');
    ws().setProvider('anthropic');
    expect(ws().model).toBe('claude-3-7-sonnet-20250219');
    ws().setProvider('openai');
    expect(ws().model).toBe('llama3.2:3b');
  });

  it("settings that arrive after the workspace opened set an unused workspace's technique and provider, not a used one", () => {
    useSettingsStore
      .getState()
      .replaceSettings({ aiEnabled: null, defaultTechnique: 'few-shot', defaultProvider: 'anthropic', timeZone: null });
    expect([ws().technique, ws().provider, ws().model]).toEqual([
      'few-shot',
      'anthropic',
      'claude-3-7-sonnet-20250219',
    ]);
    ws().set({ input: 'already typing' });
    useSettingsStore.getState().replaceSettings({
      aiEnabled: null,
      defaultTechnique: 'chain-of-thought',
      defaultProvider: 'openai',
      timeZone: null,
    });
    expect([ws().technique, ws().provider]).toEqual(['few-shot', 'anthropic']);
    useSettingsStore
      .getState()
      .replaceSettings({ aiEnabled: null, defaultTechnique: 'zero-shot', defaultProvider: 'openai', timeZone: null });
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
    expect([s.input, s.testInput, s.positiveExamples, s.negativeExamples, s.continueText]).toEqual([
      '',
      '',
      '',
      '',
      '',
    ]);
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
      timeZone: null,
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
    // Beside the output, which is left as it was.
    expect(ws().runFailure).toEqual({ message: errorText(MSG.enterPrompt) });
    expect(ws().output).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with AI off uses the offline optimizer, calls no model and has the account record the run', async () => {
    const calls = stubFetch(() => jsonResponse({ historyId: 7, progress: progressAfterOneRun }, 201));
    useSettingsStore.setState({ aiEnabled: false });
    ws().set({ input: 'write a sql query that lists late orders' });
    await perfect();
    expect(ws().output?.error).toBe(false);
    expect(ws().output?.text).toContain('Task: Write a sql query that lists late orders.');
    expect(calls.map((c) => c.url)).toEqual(['/api/me/runs']);
    expect(calls[0].body).toMatchObject({
      kind: 'perfect',
      input: 'write a sql query that lists late orders',
      output: ws().output?.text,
    });
    expect(Object.keys(calls[0].body)).not.toContain('xp');
    expect(useStatsStore.getState()).toMatchObject({ totalPrompts: 1, xp: 40 });
    expect(ws().outputHistoryId).toBe(7);
  });

  it('with AI on and the provider unavailable shows the administrator message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ providers: [{ id: 'openai', label: 'OpenAI', configured: false, models: [] }] }),
      ),
    );
    useSettingsStore.setState({ aiEnabled: true });
    ws().set({ input: 'hello there' });
    await perfect();
    expect(ws().runFailure).toEqual({ message: errorText(providerNotConfigured('OpenAI')) });
    expect(useStatsStore.getState().totalPrompts).toBe(0);
  });

  it('streams from the gateway with a run record, shows the text as it arrives and records the score of the result', async () => {
    const stream = eventStream();
    const calls = stubFetch((_url, _body, init) => stream.respond(init?.signal));
    ws().set({ input: ' summarise ', technique: 'chain-of-thought' });
    const done = perfect();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url).toBe('/api/generate/stream');
    expect(calls[0].body).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o-mini',
      userPrompt: 'summarise',
      run: {
        kind: 'perfect',
        input: 'summarise',
        options: { technique: 'chain-of-thought', language: 'English', tone: 'Normal' },
      },
    });
    expect(calls[0].body.systemPrompt).toContain('Chain of Thought');
    expect(ws().output).toBeNull();
    stream.send({ type: 'delta', text: 'Please write a ' });
    await vi.waitFor(() =>
      expect(ws().output).toEqual({ text: 'Please write a ', error: false, streaming: true, model: 'gpt-4o-mini' }),
    );
    expect(ws().busy).toBe(true);
    stream.send({ type: 'delta', text: 'detailed, specific summary.' });
    stream.send({ type: 'done', run: { historyId: 41, progress: progressAfterOneRun } });
    stream.end();
    await done;
    expect(ws().output).toEqual({
      text: 'Please write a detailed, specific summary.',
      error: false,
      model: 'gpt-4o-mini',
    });
    expect(ws().outputHistoryId).toBe(41);
    expect(ws().busy).toBe(false);
    expect(useStatsStore.getState()).toMatchObject({ totalPrompts: 1, xp: 40 });
    expect(useStatsStore.getState().achievementQueue.map((b) => b.id)).toEqual(['first_prompt']);
  });

  it('Stop keeps the earlier complete result as the result and shows the stopped text apart; nothing is earned', async () => {
    const stream = eventStream();
    const calls = stubFetch((_url, _body, init) => stream.respond(init?.signal));
    const earlier = { text: 'Earlier result.', error: false, model: 'gpt-4o' };
    ws().set({ input: 'summarise', output: earlier, outputSource: 'summarise', outputHistoryId: 9 });
    const done = perfect();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    stream.send({ type: 'delta', text: 'Partial answer' });
    await vi.waitFor(() => expect(ws().output?.streaming).toBe(true));
    stopRun('perfect');
    await done;
    expect(calls[0].signal?.aborted).toBe(true);
    expect(ws().output).toEqual(earlier);
    expect(ws().outputHistoryId).toBe(9);
    expect(ws().stoppedOutput).toEqual({ text: 'Partial answer', error: false, model: 'gpt-4o-mini', stopped: true });
    expect(ws().busy).toBe(false);
    expect(useStatsStore.getState().totalPrompts).toBe(0);
    expect(calls.map((c) => c.url)).not.toContain('/api/me/progress');
  });

  it('Stop with no earlier result leaves no result, only the stopped text; the next Perfect clears it', async () => {
    const stream = eventStream();
    stubFetch((_url, _body, init) => stream.respond(init?.signal));
    ws().set({ input: 'summarise' });
    const done = perfect();
    stream.send({ type: 'delta', text: 'Partial' });
    await vi.waitFor(() => expect(ws().output?.streaming).toBe(true));
    stopRun('perfect');
    await done;
    expect(ws().output).toBeNull();
    expect(ws().stoppedOutput?.text).toBe('Partial');
    stubFetch(() => jsonResponse({ text: 'Whole answer.' }));
    await perfect();
    expect(ws().stoppedOutput).toBeNull();
    expect(ws().output?.text).toBe('Whole answer.');
  });

  it('an error mid-answer shows the message beside the partial text and records nothing', async () => {
    const stream = eventStream();
    stubFetch((_url, _body, init) => stream.respond(init?.signal));
    ws().set({ input: 'summarise' });
    const done = perfect();
    await vi.waitFor(() => expect(ws().busy).toBe(true));
    stream.send({ type: 'delta', text: 'Half' });
    stream.send({ type: 'error', error: 'OpenAI API error: overloaded' });
    stream.end();
    await done;
    expect(ws().output).toEqual({
      text: 'Half',
      error: false,
      interruption: 'Error: The model provider could not answer. Press Retry; if it fails again, pick another model.',
      details: 'OpenAI API error: overloaded',
    });
    expect(useStatsStore.getState().totalPrompts).toBe(0);
  });
});

/** An event stream the test writes to, as the gateway would; like fetch, aborting errors the body. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    respond: (signal?: AbortSignal | null) => {
      signal?.addEventListener('abort', () =>
        controller.error(new DOMException('The operation was aborted.', 'AbortError')),
      );
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
    },
    send: (event: StreamEvent) => controller.enqueue(encoder.encode(encodeStreamEvent(event))),
    end: () => controller.close(),
  };
}

describe('Test Prompt', () => {
  it('needs an optimized prompt, then a test input', async () => {
    await runTest();
    expect(ws().testFailure?.message).toBe(errorText(MSG.optimizeFirst));
    ws().set({ output: { text: 'Optimized', error: false } });
    await runTest();
    expect(ws().testFailure?.message).toBe(errorText(MSG.enterTestInput));
    // An error text in the output is not an optimized prompt.
    ws().set({ output: { text: 'Error: x', error: true }, testInput: 'hi' });
    await runTest();
    expect(ws().testFailure?.message).toBe(errorText(MSG.optimizeFirst));
  });

  it('a failure keeps the last good answer, says what to do next and keeps the provider words apart', async () => {
    const answer = { text: 'A good answer.', error: false, model: 'gpt-4o' };
    ws().set({ output: { text: 'Optimized', error: false }, testInput: 'hi', testOutput: answer });
    stubFetch(() => jsonResponse({ error: 'OpenAI API error: upstream exploded' }, 502));
    await runTest();
    expect(ws().testOutput).toEqual(answer);
    expect(ws().testFailure).toEqual({
      message: 'Error: The model provider could not answer. Press Retry; if it fails again, pick another model.',
      details: 'OpenAI API error: upstream exploded',
      retryAfterSeconds: undefined,
    });
    stubFetch(() => jsonResponse({ text: 'A fresh answer.' }));
    await runTest();
    expect(ws().testFailure).toBeNull();
    expect(ws().testOutput?.text).toBe('A fresh answer.');
  });
});

const PROVIDERS_OK = {
  providers: [
    { id: 'openai', label: 'OpenAI', configured: true, models: [] },
    { id: 'anthropic', label: 'Anthropic/Claude', configured: true, models: [] },
  ],
};

/** A fetch whose model calls are answered by `answer` (after /api/providers, answered by `providers`). */
const progressAfterOneRun = {
  stats: {
    xp: 40,
    level: 1,
    streak: 1,
    totalPrompts: 1,
    badges: [{ ...findBadge('first_prompt')!, earnedAt: 1 }],
    lastActivity: 1,
  },
  xpGained: 40,
  newBadges: [{ ...findBadge('first_prompt')!, earnedAt: 1 }],
};

function stubFetch(
  answer: (url: string, body: any, init?: RequestInit) => Response | Promise<Response>,
  providers: () => Response | Promise<Response> = () => jsonResponse(PROVIDERS_OK),
) {
  const calls: Array<{ url: string; body: any; signal?: AbortSignal | null }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/providers') return providers();
      if (url === '/api/me/progress') {
        calls.push({ url, body: null });
        return jsonResponse({ stats: progressAfterOneRun.stats });
      }
      const body = JSON.parse(String(init?.body));
      calls.push({ url, body, signal: init?.signal });
      return answer(url, body, init);
    }),
  );
  return calls;
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const connectionRefused = () => Promise.reject(new TypeError('Failed to fetch'));

describe('Anthropic uses the spec POST /api/claude contract', () => {
  afterEach(() => (window as any).happyDOM?.setURL('http://localhost:3000/'));

  it('Perfect and Continue Building with Anthropic call /api/claude/stream with {model, systemPrompt, userPrompt} and the run', async () => {
    const calls = stubFetch(() => jsonResponse({ text: 'Claude answer.', run: { historyId: 5, progress: null } }));
    ws().setProvider('anthropic');
    ws().set({ input: 'plan a launch' });
    await perfect();
    expect(ws().output).toEqual({ text: 'Claude answer.', error: false, model: 'claude-3-7-sonnet-20250219' });
    ws().set({ continueText: 'add a budget' });
    expect(await continueBuilding()).toBe(true);
    expect(calls.map((c) => c.url)).toEqual(['/api/claude/stream', '/api/claude/stream']);
    for (const c of calls) {
      expect(Object.keys(c.body).sort()).toEqual(['model', 'run', 'systemPrompt', 'userPrompt']);
      expect(c.body.model).toBe('claude-3-7-sonnet-20250219');
    }
    // Continue Building names the version it refines.
    expect(calls[1].body.run).toMatchObject({ kind: 'continue', input: 'add a budget', refines: 5 });
    expect(calls[0].body.userPrompt).toBe('plan a launch');
    expect(calls[1].body.userPrompt).toContain('add a budget');
  });

  it("OpenAI stays on /api/generate; the test run always does, on the server's test model, with no run record", async () => {
    const calls = stubFetch(
      () => jsonResponse({ text: 'ok.' }),
      () => jsonResponse({ ...PROVIDERS_OK, testModel: 'llama3.2:3b' }),
    );
    ws().set({ input: 'x y z' });
    await perfect();
    ws().setProvider('anthropic');
    ws().set({ testInput: 'sample' });
    await runTest();
    expect(calls.map((c) => [c.url, c.body.provider, c.body.model, Boolean(c.body.run)])).toEqual([
      ['/api/generate/stream', 'openai', 'gpt-4o-mini', true],
      ['/api/generate/stream', 'openai', 'llama3.2:3b', false],
    ]);
  });

  it('a connection failure shows the spec proxy message (localhost hint on localhost, generic elsewhere)', async () => {
    stubFetch(connectionRefused);
    (window as any).happyDOM.setURL('http://127.0.0.1:3002/');
    ws().setProvider('anthropic');
    ws().set({ input: 'plan a launch', output: { text: 'Current prompt.', error: false }, continueText: 'more' });
    expect(await continueBuilding()).toBe(false);
    expect(ws().continueError).toBe(refinementErrorText(MSG.claudeProxyNotRunning));
    await perfect();
    expect(ws().runFailure?.message).toBe(
      'Error: Claude proxy server is not running. Please start it with: npm start (its settings are in the README, under Configuration)',
    );
    // The last good result stays on show beside the message.
    expect(ws().output).toEqual({ text: 'Current prompt.', error: false });
    (window as any).happyDOM.setURL('https://prompt-perfect.example/');
    await perfect();
    expect(ws().runFailure?.message).toBe('Error: Claude service is temporarily unavailable. Please try again later.');
    expect(useStatsStore.getState().totalPrompts).toBe(0);
  });
});

describe('unknown provider availability is not "not configured"', () => {
  it('when GET /api/providers fails, Perfect still calls the server and shows its answer', async () => {
    const calls = stubFetch(() => jsonResponse({ text: 'Answer.' }), connectionRefused);
    ws().set({ input: 'hello there' });
    await perfect();
    expect(calls).toHaveLength(1);
    expect(ws().output).toEqual({ text: 'Answer.', error: false, model: 'gpt-4o-mini' });
    expect(useProvidersStore.getState().status).toBe('failed');
  });

  it('when the whole server is unreachable the user gets the connection message, not the administrator one', async () => {
    stubFetch(connectionRefused, connectionRefused);
    ws().set({ input: 'hello there', testInput: 'x' });
    await perfect();
    expect(ws().runFailure?.message).toBe(errorText(SERVER_UNREACHABLE_MESSAGE));
    ws().set({ output: { text: 'Optimized.', error: false } });
    await runTest();
    expect(ws().testFailure?.message).toBe(errorText(SERVER_UNREACHABLE_MESSAGE));
    expect(ws().runFailure?.message ?? '').not.toContain('not configured');
  });

  it('a provider the server reports as unconfigured is still refused without a call', async () => {
    const calls = stubFetch(
      () => jsonResponse({ text: 'never' }),
      () =>
        jsonResponse({ providers: [{ id: 'anthropic', label: 'Anthropic/Claude', configured: false, models: [] }] }),
    );
    useSettingsStore.setState({ aiEnabled: true });
    ws().setProvider('anthropic');
    ws().set({ input: 'hello there' });
    await perfect();
    expect(ws().runFailure?.message).toBe(errorText(providerNotConfigured('Anthropic/Claude')));
    expect(calls).toHaveLength(0);
  });
});

describe('a cancelled run writes nothing and records nothing', () => {
  /** Starts a run whose model call hangs until `answer.resolve`; resolves once the call is made. */
  async function startHangingRun(run: () => Promise<unknown>) {
    const answer = deferred<Response>();
    const calls = stubFetch(() => answer.promise);
    const done = run();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    return { done, answer, signal: calls[0].signal! };
  }

  it('Clear cancels a Perfect in flight', async () => {
    ws().set({ input: 'summarise' });
    const { done, answer, signal } = await startHangingRun(perfect);
    expect(ws().busy).toBe(true);
    ws().clear();
    expect(signal.aborted).toBe(true);
    expect(ws().busy).toBe(false);
    answer.resolve(jsonResponse({ text: 'Late answer.' }));
    await done;
    expect(ws().output).toBeNull();
    expect(ws().input).toBe('');
    expect(useStatsStore.getState().totalPrompts).toBe(0);
  });

  it('Use on a favorite cancels a Perfect in flight; the restored output stays', async () => {
    ws().set({ input: 'summarise' });
    const { done, answer, signal } = await startHangingRun(perfect);
    ws().replaceAfterCancel({
      input: 'fav original',
      outputSource: 'fav original',
      output: { text: 'Fav optimized.', error: false },
    });
    expect(signal.aborted).toBe(true);
    answer.resolve(jsonResponse({ error: 'boom' }, 500));
    await done;
    expect(ws().output).toEqual({ text: 'Fav optimized.', error: false });
    expect(ws().busy).toBe(false);
    expect(useStatsStore.getState().totalPrompts).toBe(0);
    // Perfect works again afterwards.
    stubFetch(() => jsonResponse({ text: 'Fresh.', run: { historyId: 2, progress: progressAfterOneRun } }));
    await perfect();
    expect(ws().output).toEqual({ text: 'Fresh.', error: false, model: 'gpt-4o-mini' });
    expect(useStatsStore.getState().totalPrompts).toBe(1);
  });

  it('leaving the workspace (reset) cancels Perfect, Continue Building and Test runs', async () => {
    ws().set({ input: 'summarise', output: { text: 'Current.', error: false }, continueText: 'more', testInput: 't' });
    const answer = deferred<Response>();
    const calls = stubFetch(() => answer.promise);
    const runs = [perfect(), continueBuilding(), runTest()];
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    ws().reset();
    expect(calls.every((c) => c.signal?.aborted)).toBe(true);
    answer.resolve(jsonResponse({ text: 'Late.' }));
    await Promise.all(runs);
    const s = ws();
    expect([s.output, s.testOutput, s.continueError, s.input]).toEqual([null, null, null, '']);
    expect([s.busy, s.continueBusy, s.testBusy]).toEqual([false, false, false]);
    expect(useStatsStore.getState().totalPrompts).toBe(0);
  });

  it('a run cancelled while the provider list is still loading makes no model call', async () => {
    const providers = deferred<Response>();
    const calls = stubFetch(
      () => jsonResponse({ text: 'never' }),
      () => providers.promise,
    );
    ws().set({ input: 'summarise' });
    const done = perfect();
    ws().clear();
    providers.resolve(jsonResponse(PROVIDERS_OK));
    await done;
    expect(calls).toHaveLength(0);
    expect(ws().output).toBeNull();
  });
});
