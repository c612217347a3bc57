/** A real webhook receiver on 127.0.0.1 for tests, and polling until a condition holds. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A receiver on 127.0.0.1 answering each POST with the next status of `script` (then 200). */
export async function startReceiver() {
  const received: Received[] = [];
  let script: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = script.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/prompts`,
    received,
    answerWith(statuses: number[]) {
      script = [...statuses];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}
