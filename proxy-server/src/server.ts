/** Starts the HTTP server; used by index.ts, the tests, the e2e suite and the bench. */
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { createApp, type AppHandle } from './app';
import { loadConfig, type Config, type Env } from './config';
import { StartupError } from './startupError';

export interface RunningServer {
  url: string;
  port: number;
  config: Config;
  handle: AppHandle;
  server: Server;
  /**
   * Answers readiness with 503 for SHUTDOWN_DRAIN_MS while still serving (so a load balancer stops
   * sending first), then stops accepting connections, lets upstream calls in flight finish for SHUTDOWN_GRACE_MS, then
   * aborts the rest (their clients get a JSON 503), closes the connections, the database pool and Redis.
   */
  close(): Promise<void>;
}

/** After the grace period and the aborts, how long answers may take to flush before sockets are cut. */
const FLUSH_AFTER_ABORT_MS = 2_000;

/** listen() failures that an operator fixes by changing HOST or PORT. */
function listenError(err: NodeJS.ErrnoException, config: Config): Error {
  switch (err.code) {
    case 'EADDRINUSE':
      return new StartupError(
        `PORT=${config.port} is already in use on ${config.host}. Stop the other process or set PORT to a free port.`,
      );
    case 'EACCES':
      return new StartupError(
        `PORT=${config.port} needs privileges this user does not have. Use a port above 1023, e.g. PORT=3002.`,
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return new StartupError(
        `HOST=${config.host} is not an address of this machine (${err.code}). Use 127.0.0.1 (this machine only) or 0.0.0.0 (every interface).`,
      );
    default:
      return err;
  }
}

/**
 * How long a client may take to send a whole request (headers and the 64 KB body at most). Node
 * applies it only until the request has arrived: a provider call that runs longer afterwards (up to
 * PROVIDER_TIMEOUT_MS x (PROVIDER_MAX_RETRIES + 1) plus back-off) is not cut by it and still gets
 * its JSON answer, so it is deliberately NOT derived from the provider settings; raising it would
 * only let slow-body clients hold connections longer.
 */
const REQUEST_TIMEOUT_MS = 15 * 60_000;
const HEADERS_TIMEOUT_MS = 10_000;

export interface HttpServerOptions {
  /** Defaults to a pino logger at LOG_LEVEL on stdout. */
  logger?: Logger;
  requestTimeoutMs?: number;
  /** How often Node checks for requests over their time (Node's default: 30 s). */
  connectionsCheckingIntervalMs?: number;
}

/**
 * `overrides` are environment variables laid over process.env (a value of undefined removes
 * one), so tests go through the same validation as production: startServer({ PORT: '0' }).
 */
export async function startServer(
  overrides: Env = {},
  baseEnv: Env = process.env,
  http: HttpServerOptions = {},
): Promise<RunningServer> {
  const env: Env = { ...baseEnv };
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  const config = loadConfig(env);
  const handle = await createApp(config, http.logger);
  try {
    return await listen(config, handle, http);
  } catch (err) {
    await handle.close();
    throw err;
  }
}

async function listen(config: Config, handle: AppHandle, http: HttpServerOptions): Promise<RunningServer> {
  const requestTimeout = http.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const server = createServer(
    {
      requestTimeout,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
      ...(http.connectionsCheckingIntervalMs
        ? { connectionsCheckingInterval: http.connectionsCheckingIntervalMs }
        : {}),
    },
    handle.app,
  );
  server.keepAliveTimeout = 5_000;
  // Requests Node cannot even parse (bad header bytes, oversized headers) still get a JSON answer.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const [status, reason, error] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'Request headers are too large.']
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'The request took too long to arrive.']
          : [400, 'Bad Request', 'Malformed HTTP request.'];
    const body = JSON.stringify({ error });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => reject(listenError(err, config)));
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      handle.markShuttingDown();
      if (config.runLimits.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.runLimits.drainMs));
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await handle.runs.drain(config.shutdownGraceMs);
      server.closeIdleConnections();
      const cut = setTimeout(() => server.closeAllConnections(), FLUSH_AFTER_ABORT_MS);
      cut.unref();
      await stopped;
      clearTimeout(cut);
      await handle.close();
    })();
    return closing;
  };

  handle.logger.info(
    {
      url,
      authMode: config.auth.mode,
      providers: Object.keys(handle.providers).filter(
        (k) => handle.providers[k as keyof typeof handle.providers].configured,
      ),
    },
    'proxy-server listening',
  );
  return { url, port, config, handle, server, close };
}
