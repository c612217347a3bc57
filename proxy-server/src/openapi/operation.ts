/**
 * One API operation as data (who may call it, what it takes, what it answers and refuses), turned
 * into a zod-to-openapi route with the security, scopes and error answers every route of its kind has.
 */
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { API_ERROR_CODES, codesWithStatus, ERROR_CODE_HEADER } from '@prompt-perfect/core/api/errorCodes';
import { ErrorSchema } from './responses';

/**
 * `public`: anyone. `session`: the session cookie (or a Clerk token) only. `sessionOrToken`: the session,
 * or a personal API token with `read` (GET) or `run` (anything else). `token`: a personal API token only.
 * `admin`: the operator's ADMIN_TOKEN.
 */
type Access = 'public' | 'session' | 'sessionOrToken' | 'token' | 'admin';

interface Answer {
  status: number;
  description: string;
  schema?: z.ZodType;
  example?: unknown;
  /** application/json unless said; several when the answer's type depends on the request. */
  contentType?: string | string[];
  headers?: Record<string, string>;
}

export interface Operation {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI style: /api/prompts/{name}. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: z.ZodType;
  bodyExample?: unknown;
  ok: Answer | Answer[];
  /** With `Accept: text/event-stream` the answer streams: what its events are. */
  stream?: string;
  /** Refusals this route gives besides those of its access (status -> when). */
  errors?: Record<number, string>;
}

const SCOPE_OF = (method: Operation['method']) => (method === 'get' ? 'read' : 'run');

function securityOf(op: Operation): RouteConfig['security'] {
  switch (op.access) {
    case 'public':
      return [];
    case 'session':
      return [{ session: [] }];
    case 'token':
      return [{ apiToken: [] }];
    case 'admin':
      return [{ adminToken: [] }];
    case 'sessionOrToken':
      return [{ session: [] }, { apiToken: [SCOPE_OF(op.method)] }];
  }
}

/** The refusals that come with the access (and the per-IP limit every /api route has). */
function accessErrors(op: Operation): Record<number, string> {
  const errors: Record<number, string> = { 429: 'Too many requests from this address or account: wait and retry.' };
  if (op.access === 'session') errors[401] = 'Not signed in (no session, or it expired).';
  if (op.access === 'token') errors[401] = 'No personal API token, or it is not valid (revoked).';
  if (op.access === 'admin') {
    errors[401] = 'No ADMIN_TOKEN, or not the right one.';
    errors[403] = 'The admin API is off: this server has no ADMIN_TOKEN.';
  }
  if (op.access === 'sessionOrToken') {
    errors[401] = 'Not signed in, or the API token is not valid (revoked).';
    errors[403] = `The API token lacks the '${SCOPE_OF(op.method)}' scope.`;
  }
  return errors;
}

function accessLine(op: Operation): string {
  switch (op.access) {
    case 'public':
      return 'Anyone (no sign-in).';
    case 'session':
      return 'The session only (a personal API token is refused).';
    case 'token':
      return 'A personal API token (`Authorization: Bearer pp_...`).';
    case 'admin':
      return "The operator's `ADMIN_TOKEN` (`Authorization: Bearer ...`).";
    case 'sessionOrToken':
      return `The session, or a personal API token with the \`${SCOPE_OF(op.method)}\` scope.`;
  }
}

function content(answer: Answer) {
  const { schema, example } = answer;
  if (!schema) return undefined;
  return Object.fromEntries(
    [answer.contentType ?? 'application/json'].flat().map((type) => [type, { schema, example }]),
  );
}

/** The Error-Code header of a refusal: one of the codes of its status. */
function errorCodeHeader(status: number) {
  const codes = codesWithStatus(status);
  return {
    description: codes.map((code) => `\`${code}\`: ${API_ERROR_CODES[code].meaning}`).join(' '),
    schema: { type: 'string' as const, enum: codes },
  };
}

export function routeOf(op: Operation): RouteConfig {
  const responses: RouteConfig['responses'] = {};
  for (const ok of [op.ok].flat()) {
    const body = content(ok) ?? {};
    if (op.stream && ok.status === 200)
      body['text/event-stream'] = { schema: z.string().meta({ description: op.stream }), example: undefined };
    responses[ok.status] = {
      description: ok.description,
      ...(Object.keys(body).length ? { content: body } : {}),
      ...(ok.headers
        ? {
            headers: Object.fromEntries(
              Object.entries(ok.headers).map(([h, d]) => [h, { description: d, schema: { type: 'string' } }]),
            ),
          }
        : {}),
    };
  }
  const errors = { ...accessErrors(op), ...op.errors };
  for (const [status, when] of Object.entries(errors).sort(([a], [b]) => Number(a) - Number(b)))
    responses[status] = {
      description: when,
      headers: { [ERROR_CODE_HEADER]: errorCodeHeader(Number(status)) },
      content: { 'application/json': { schema: ErrorSchema } },
    };
  return {
    method: op.method,
    path: op.path,
    tags: [op.tag],
    summary: op.summary,
    description: [op.description, `**Access:** ${accessLine(op)}`].filter(Boolean).join('\n\n'),
    security: securityOf(op),
    request: {
      ...(op.params ? { params: op.params } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(op.headers ? { headers: op.headers } : {}),
      ...(op.body
        ? { body: { required: true, content: { 'application/json': { schema: op.body, example: op.bodyExample } } } }
        : {}),
    },
    responses,
  };
}
