/**
 * Structured logs (pino). Requests are logged by method, path, status and time only: no bodies
 * (prompts), no query strings, no cookies, no authorization headers, no keys.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { RATE_LIMITED_LOCAL } from './refusalLog';

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'proxy-server' },
    // One way to log an error, everywhere: `{ err }`, with its type, message, stack, code and causes.
    serializers: { err: pino.stdSerializers.errWithCause },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.apiKey',
        '*.secretKey',
        '*.sessionSecret',
        '*.jwtKey',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (_req: IncomingMessage, res: ServerResponse) => {
      const id = randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: String(req.url ?? '')
          .split('?')[0]
          .slice(0, 200),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => {
      if (err || res.statusCode >= 500) return 'error';
      // Refusals are logged by the RefusalLog, once per client and window.
      if ((res as ServerResponse & { locals?: Record<string, unknown> }).locals?.[RATE_LIMITED_LOCAL]) return 'silent';
      return res.statusCode >= 400 ? 'warn' : 'info';
    },
    autoLogging: { ignore: (req) => req.url === '/api/health' },
  });
}
