// @vitest-environment happy-dom
import { createServer, type ServerResponse, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client';
import { encodeStreamEvent } from '@prompt-perfect/core/api/stream';
import { callClaudeStream, generateStream, optimizeTrialStream, StreamInterrupted } from '../../src/api/streamClient';

/** happy-dom's own API: where the page "is", which relative /api URLs resolve against. */
const setPageUrl = (url: string) =>
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

type Answer = (response: ServerResponse) => void;
/** What the server at the page's origin answers on each path. */
const answers = new Map<string, Answer>();
let server: Server;
let origin: string;
let lastClosedEarly = false;

const json =
  (status: number, body: string, type = 'application/json'): Answer =>
  (response) => {
    response.writeHead(status, { 'content-type': type });
    response.end(body);
  };

/** An event stream written in raw pieces (split anywhere, even inside an event), `gapMs` apart. */
const events =
  (pieces: string[], { gapMs = 5, end = true } = {}): Answer =>
  (response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    let i = 0;
    const timer = setInterval(() => {
      if (response.destroyed) return clearInterval(timer);
      if (i < pieces.length) response.write(pieces[i++]);
      else {
        clearInterval(timer);
        if (end) response.end();
        else response.destroy();
      }
    }, gapMs);
  };

beforeAll(async () => {
  server = createServer((request, response) => {
    lastClosedEarly = false;
    response.on('close', () => {
      if (!response.writableFinished) lastClosedEarly = true;
    });
    request.resume();
    (answers.get(request.url ?? '') ?? json(404, '{"error":"Not found."}'))(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  setPageUrl(`${origin}/`);
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const request = { provider: 'openai' as const, model: 'gpt-4o', systemPrompt: 's', userPrompt: 'u' };
const delta = (text: string) => encodeStreamEvent({ type: 'delta', text });

describe('streamed answers', () => {
  it('shows the text as it arrives, whatever the piece boundaries, and ends with the done event', async () => {
    const wire =
      delta('An ') +
      delta('optimized ') +
      delta('prompt.') +
      encodeStreamEvent({ type: 'done', run: { historyId: 7, progress: null } });
    answers.set(
      '/api/generate/stream',
      events([wire.slice(0, 10), wire.slice(10, 41), wire.slice(41, 60), wire.slice(60)]),
    );
    const seen: string[] = [];
    const answer = await generateStream(request, { onText: (t) => seen.push(t) });
    expect(answer).toEqual({
      text: 'An optimized prompt.',
      stopped: false,
      run: { historyId: 7, progress: null },
      remaining: undefined,
    });
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.at(-1)).toBe('An optimized prompt.');
    for (let i = 1; i < seen.length; i++) expect(seen[i].startsWith(seen[i - 1])).toBe(true);
  });

  it('an error event after text keeps the partial text beside the message', async () => {
    answers.set(
      '/api/generate/stream',
      events([
        delta('Half an '),
        delta('answer'),
        encodeStreamEvent({ type: 'error', error: 'OpenAI API error: overloaded' }),
      ]),
    );
    const failure = await generateStream(request, { onText: () => {} }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(StreamInterrupted);
    expect(failure).toMatchObject({ message: 'OpenAI API error: overloaded', partialText: 'Half an answer' });
  });

  it('a connection that drops mid-answer is reported, with the partial text', async () => {
    answers.set('/api/generate/stream', events([delta('Cut ')], { end: false }));
    await expect(generateStream(request, { onText: () => {} })).rejects.toMatchObject({
      message: 'Connection error.',
      partialText: 'Cut ',
    });
  });

  it('Stop after the first text resolves with the partial text and closes the connection', async () => {
    answers.set('/api/generate/stream', events([delta('First words'), ...Array(200).fill(delta('.'))], { gapMs: 20 }));
    const controller = new AbortController();
    const answer = await generateStream(request, {
      signal: controller.signal,
      onText: (text) => text.startsWith('First words') && controller.abort(),
    });
    expect(answer.stopped).toBe(true);
    expect(answer.text.startsWith('First words')).toBe(true);
    await expect.poll(() => lastClosedEarly).toBe(true);
  });

  it('an error before any text is an ordinary JSON error with its status', async () => {
    answers.set('/api/generate/stream', json(502, '{"error":"OpenAI API error: boom"}'));
    await expect(generateStream(request, { onText: () => {} })).rejects.toMatchObject({
      message: 'OpenAI API error: boom',
      status: 502,
    });
    answers.set('/api/generate/stream', json(502, '<html>Bad gateway</html>', 'text/html'));
    await expect(generateStream(request, { onText: () => {} })).rejects.toThrow('Proxy Error: 502');
  });

  it('a successful answer that is neither a stream nor a text is reported, not crashed on', async () => {
    answers.set('/api/generate/stream', json(200, '{"unexpected":true}'));
    await expect(generateStream(request, { onText: () => {} })).rejects.toThrow('Proxy Error: 200');
  });

  it('an offline trial answer arrives whole, as JSON, with the remaining count', async () => {
    answers.set('/api/trial/optimize/stream', json(200, '{"text":"Offline prompt.","remaining":10,"offline":true}'));
    const seen: string[] = [];
    await expect(optimizeTrialStream('a task', { onText: (t) => seen.push(t) })).resolves.toEqual({
      text: 'Offline prompt.',
      remaining: 10,
      offline: true,
      stopped: false,
    });
    expect(seen).toEqual(['Offline prompt.']);
  });

  it('a refused trial run keeps its remaining count on the error', async () => {
    answers.set('/api/trial/optimize/stream', json(403, '{"error":"You have used all 10 free trials.","remaining":0}'));
    const failure = await optimizeTrialStream('a task', { onText: () => {} }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: 'You have used all 10 free trials.', body: { remaining: 0 } });
  });

  it("maps a Claude proxy that cannot be reached to the spec's localhost message", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    setPageUrl(`http://127.0.0.1:${closedPort}/`);
    try {
      await expect(
        callClaudeStream(
          { model: 'claude-3-haiku-20240307', systemPrompt: 's', userPrompt: 'u' },
          { onText: () => {} },
        ),
      ).rejects.toThrow(
        'Claude proxy server is not running. Please start it with: npm start (its settings are in the README, under Configuration)',
      );
    } finally {
      setPageUrl(`${origin}/`);
    }
  });
});
