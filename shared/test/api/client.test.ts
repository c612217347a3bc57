// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callClaude, generate, optimizeTrial } from '../../src/api/client';

/** happy-dom's own API: where the page "is", which relative /api URLs resolve against. */
const setPageUrl = (url: string) => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

/** What the fake gateway answers on each path: a status and a raw body. */
const answers = new Map<string, { status: number; body: string; type?: string }>();
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const answer = answers.get(request.url ?? '') ?? { status: 404, body: '{"error":"Not found."}' };
    response.writeHead(answer.status, { 'content-type': answer.type ?? 'application/json' });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  setPageUrl(`${origin}/`);
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const request = { provider: 'openai' as const, model: 'gpt-4o', systemPrompt: 's', userPrompt: 'u' };

describe('API client', () => {
  it('returns the text of a successful model call', async () => {
    answers.set('/api/generate', { status: 200, body: '{"text":"An optimized prompt."}' });
    await expect(generate(request)).resolves.toBe('An optimized prompt.');
  });

  it("shows the gateway's error message", async () => {
    answers.set('/api/generate', { status: 502, body: '{"error":"OpenAI API error: boom"}' });
    await expect(generate(request)).rejects.toThrow('OpenAI API error: boom');
  });

  it("reports 'Proxy Error: {status}' when the answer carries no error message", async () => {
    answers.set('/api/generate', { status: 502, body: '<html>Bad gateway</html>', type: 'text/html' });
    await expect(generate(request)).rejects.toThrow('Proxy Error: 502');
  });

  it('does not crash on a successful answer that is not JSON or has no text', async () => {
    answers.set('/api/generate', { status: 200, body: 'not json', type: 'text/plain' });
    await expect(generate(request)).rejects.toThrow('Proxy Error: 200');
    answers.set('/api/generate', { status: 200, body: '{"unexpected":true}' });
    await expect(generate(request)).rejects.toThrow('Proxy Error: 200');
  });

  it('returns a refused trial run with its remaining count instead of throwing', async () => {
    answers.set('/api/trial/optimize', { status: 403, body: '{"error":"You have used all 10 free trials.","remaining":0}' });
    await expect(optimizeTrial('a task')).resolves.toEqual({ error: 'You have used all 10 free trials.', remaining: 0 });
  });

  it("maps a Claude proxy that cannot be reached to the spec's localhost message", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    setPageUrl(`http://127.0.0.1:${closedPort}/`);
    try {
      await expect(callClaude({ model: 'claude-3-haiku-20240307', systemPrompt: 's', userPrompt: 'u' })).rejects.toThrow(
        'Claude proxy server is not running. Please start the server with: node server.js',
      );
    } finally {
      setPageUrl(`${origin}/`);
    }
  });
});
