/**
 * A real node:http server on 127.0.0.1:0 that plays a provider API. Each request takes the next
 * queued behaviour (or the default: a deterministic answer built from the last user message).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createSimulatedModel } from '../prove/simulatedModel';
import type { FakeBehaviour, FakeUpstream, RecordedRequest } from './types';

export interface ProviderDialect {
  /** Mount path under the server root, e.g. '/v1' for OpenAI ('' for Anthropic, whose SDK adds /v1). */
  basePath: string;
  /** Path this fake answers, e.g. '/v1/chat/completions'. */
  endpoint: string;
  /** A validation problem with the request body (answered 400 like the real API), or undefined. */
  validate(body: any, headers: IncomingMessage['headers']): string | undefined;
  success(body: any, text: string): unknown;
  noChoices(body: any): unknown;
  error(status: number, message: string): unknown;
  /** Streaming wire format: events before the text, one per piece, after the text, and a mid-stream error. */
  streamStart(body: any): string[];
  streamDelta(body: any, text: string): string;
  /** `text` is every piece sent, joined (for the token counts the API reports at the end). */
  streamEnd(body: any, text: string): string[];
  streamError(message: string): string;
  /** GET /v1/models body for these ids. */
  modelList(ids: string[]): unknown;
  /** What GET /v1/models lists until setModels changes it. */
  defaultModels: string[];
}

/** Splits a default answer into pieces of about a word, as models stream them. */
function wordPieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [text];
}

/** Deterministic default answer: a preamble (so stripping is exercised) and the user's text. */
function defaultAnswer(lastUserMessage: string): string {
  return `Here's an optimized prompt:\n\nYou are an expert assistant. ${lastUserMessage.slice(0, 200)}`;
}

function lastUserText(body: any): string {
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role !== 'user') continue;
    if (typeof m.content === 'string') return m.content;
    if (Array.isArray(m.content))
      return m.content.map((c: any) => (typeof c?.text === 'string' ? c.text : '')).join('');
  }
  return '';
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((c: any) => (typeof c?.text === 'string' ? c.text : '')).join('');
  return '';
}

/** The system instruction: Anthropic's top-level `system`, or OpenAI's system message. */
function systemText(body: any): string {
  if (body?.system !== undefined) return textOf(body.system);
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  return textOf(messages.find((m) => m?.role === 'system')?.content);
}

export interface FakeOptions {
  /** Answer every call as the simulated [prove] model (see ../prove/simulatedModel.ts); off by default. */
  simulatedAnswers?: boolean;
}

function send(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(payload);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export async function startFake(dialect: ProviderDialect, options: FakeOptions = {}): Promise<FakeUpstream> {
  const queue: FakeBehaviour[] = [];
  const simulated = createSimulatedModel();
  let simulatedAnswers = options.simulatedAnswers ?? false;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let abortedByCaller = 0;
  let models: string[] | 'fail' = dialect.defaultModels;
  let modelListings = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: any;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'GET' && path === '/v1/models') {
        modelListings += 1;
        if (models === 'fail') return send(res, 500, dialect.error(500, 'listing models failed'));
        return send(res, 200, dialect.modelList(models));
      }
      requests.push({ path, headers: { ...req.headers }, body });

      if (req.method !== 'POST' || path !== dialect.endpoint) {
        send(res, 404, dialect.error(404, `Unknown path ${req.method} ${path}`));
        return;
      }
      const behaviour = queue.shift();
      const wantsStream = body?.stream === true;
      const answer = (text?: string) => {
        const problem = dialect.validate(body, req.headers);
        if (problem) return send(res, 400, dialect.error(400, problem));
        const full =
          text ??
          simulated.reply(systemText(body), lastUserText(body), simulatedAnswers) ??
          defaultAnswer(lastUserText(body));
        if (wantsStream) return streamAnswer(req, res, { kind: 'stream', pieces: wordPieces(full) });
        send(res, 200, dialect.success(body, full));
      };
      const streamAnswer = (
        request: IncomingMessage,
        response: ServerResponse,
        plan: Extract<FakeBehaviour, { kind: 'stream' }>,
      ) => {
        const problem = dialect.validate(body, request.headers);
        if (problem) return send(response, 400, dialect.error(400, problem));
        response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        for (const event of dialect.streamStart(body)) response.write(event);
        let i = 0;
        let finished = false;
        response.on('close', () => {
          if (!finished) abortedByCaller += 1;
        });
        const step = () => {
          if (response.destroyed) return;
          if (plan.dropAfter !== undefined && i >= plan.dropAfter) {
            finished = true;
            request.socket.destroy();
            return;
          }
          if (plan.failAfter !== undefined && i >= plan.failAfter) {
            finished = true;
            response.end(dialect.streamError(plan.failMessage ?? 'Overloaded'));
            return;
          }
          if (i >= plan.pieces.length) {
            finished = true;
            if (!plan.noFinish)
              for (const event of dialect.streamEnd(body, plan.pieces.join(''))) response.write(event);
            response.end();
            return;
          }
          response.write(dialect.streamDelta(body, plan.pieces[i]));
          i += 1;
          const t = setTimeout(() => {
            timers.delete(t);
            step();
          }, plan.delayMs ?? 0);
          timers.add(t);
        };
        step();
      };
      if (!behaviour) return answer();
      switch (behaviour.kind) {
        case 'text':
          return answer(behaviour.text);
        case 'status':
          return send(
            res,
            behaviour.status,
            dialect.error(behaviour.status, behaviour.message ?? `Fake error ${behaviour.status}`),
            behaviour.headers,
          );
        case 'slow': {
          const t = setTimeout(() => {
            timers.delete(t);
            if (!res.destroyed) answer(behaviour.text);
          }, behaviour.delayMs);
          timers.add(t);
          res.on('close', () => {
            if (!res.writableFinished) abortedByCaller += 1;
            clearTimeout(t);
            timers.delete(t);
          });
          return;
        }
        case 'malformed':
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"id": "broken", "choices": [ {"message": ');
          return;
        case 'no-choices':
          return send(res, 200, dialect.noChoices(body));
        case 'drop':
          req.socket.destroy();
          return;
        case 'stream':
          if (!wantsStream) return answer(behaviour.pieces.join(''));
          return streamAnswer(req, res, behaviour);
        case 'raw':
          res.writeHead(behaviour.status, { 'content-type': behaviour.contentType ?? 'text/html' });
          res.end(behaviour.body);
          return;
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}${dialect.basePath}`,
    requests,
    get abortedByCaller() {
      return abortedByCaller;
    },
    get modelListings() {
      return modelListings;
    },
    setModels(next) {
      models = next;
    },
    simulateAnswers(on) {
      simulatedAnswers = on;
    },
    respondWith(...behaviours) {
      queue.push(...behaviours);
    },
    reset() {
      queue.length = 0;
      requests.length = 0;
      abortedByCaller = 0;
      models = dialect.defaultModels;
      simulatedAnswers = options.simulatedAnswers ?? false;
      simulated.reset();
    },
    close() {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
