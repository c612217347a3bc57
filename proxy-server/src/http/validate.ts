/** zod validation of request bodies with one clear sentence per problem. */
import type { Request } from 'express';
import { z } from 'zod';
import { BadRequest } from './httpError';

const BODY_NOT_OBJECT = 'Request body must be a JSON object (send Content-Type: application/json).';

function valueAt(body: unknown, path: PropertyKey[]): unknown {
  let v: unknown = body;
  for (const k of path) v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

function describe(issue: z.core.$ZodIssue, body: unknown): string {
  const field = issue.path.length ? issue.path.map(String).join('.') : '';
  const name = field ? `Field '${field}'` : 'Request body';
  switch (issue.code) {
    case 'invalid_type':
      if (!field) return BODY_NOT_OBJECT;
      return valueAt(body, issue.path) === undefined ? `${name} is required.` : `${name} must be a ${issue.expected}.`;
    case 'too_small':
      if (issue.origin === 'number' || issue.origin === 'int')
        return `${name} must be ${issue.inclusive === false ? 'more than' : 'at least'} ${String(issue.minimum)}.`;
      return `${name} must not be empty.`;
    case 'too_big':
      if (issue.origin === 'number' || issue.origin === 'int')
        return `${name} must be at most ${String(issue.maximum)}.`;
      if (issue.origin === 'array') return `${name} must hold at most ${String(issue.maximum)} items.`;
      return `${name} is too long (at most ${String(issue.maximum)} characters).`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.map((k) => `'${k}'`).join(', ')}.`;
    default:
      if (!field) return issue.message;
      // Our own messages are written to follow the field name ("must be a valid e-mail address.").
      return /^[a-z]/.test(issue.message) ? `${name} ${issue.message}` : `${name}: ${issue.message}`;
  }
}

/** Parses req.body with the schema or throws a BadRequest with a readable message. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  req: Request,
  extra: Record<string, unknown> = {},
): z.output<S> {
  const body: unknown = req.body;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new BadRequest(BODY_NOT_OBJECT, { extra });
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new BadRequest(describe(result.error.issues[0], body), { extra });
  return result.data;
}

/** A required text field: a string, not blank once trimmed. */
export const text = () => z.string().refine((s) => s.trim().length > 0, { message: 'must not be empty.', abort: true });
