/**
 * A real node:http server on 127.0.0.1:0 answering JSON from a table the test fills in: a stand-in for
 * our own server's API where a UI test needs exact answers (an error sentence, a 403). Unlisted
 * requests get 404 with a JSON error; every request is recorded with its parsed body.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedJsonRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeJsonApi {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Answers `METHOD /path?query` (exact match) with this status and JSON body until changed. */
  answer(route: string, status: number, body?: unknown): void;
  requests: RecordedJsonRequest[];
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeJsonApi(): Promise<FakeJsonApi> {
  const answers = new Map<string, { status: number; body: unknown }>();
  const requests: RecordedJsonRequest[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const path = req.url ?? '/';
      const method = req.method ?? 'GET';
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      requests.push({ method, path, body });
      const found = answers.get(`${method} ${path}`) ?? { status: 404, body: { error: 'Not found.' } };
      if (found.body === undefined) {
        res.writeHead(found.status).end();
        return;
      }
      res.writeHead(found.status, { 'content-type': 'application/json' }).end(JSON.stringify(found.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answer: (route, status, body) => answers.set(route, { status, body }),
    requests,
    reset: () => {
      answers.clear();
      requests.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
