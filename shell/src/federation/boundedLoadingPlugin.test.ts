// @vitest-environment node
import { createServer, type Server, type Socket } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { boundedLoadingPlugin } from './boundedLoadingPlugin';

const servers: Array<{ close: () => void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}

describe('boundedLoadingPlugin fetch', () => {
  it('gives up on a manifest server that accepts the connection and never answers', async () => {
    const sockets: Socket[] = [];
    const hanging = createServer((socket) => sockets.push(socket));
    const port = await listen(hanging);
    servers.push({
      close: () => {
        for (const socket of sockets) socket.destroy();
        hanging.close();
      },
    });

    // Without the bound this call would wait forever and the test would fail on its own timeout.
    const plugin = boundedLoadingPlugin({ manifestMs: 200, entryMs: 1000 });
    await expect(plugin.fetch!(`http://127.0.0.1:${port}/mf-manifest.json`, {})).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });

  it('retries a refused connection once and succeeds when the server is back', async () => {
    let requests = 0;
    const flaky = createHttpServer((request, response) => {
      requests += 1;
      if (requests === 1) return request.socket.destroy();
      response.setHeader('content-type', 'application/json');
      response.end('{"ok":true}');
    });
    const port = await listen(flaky as unknown as Server);
    servers.push(flaky);

    const plugin = boundedLoadingPlugin({ manifestMs: 2_000, entryMs: 1000 });
    const response = (await plugin.fetch!(`http://127.0.0.1:${port}/mf-manifest.json`, {})) as Response;
    expect(await response.json()).toEqual({ ok: true });
    expect(requests).toBe(2);
  });
});
