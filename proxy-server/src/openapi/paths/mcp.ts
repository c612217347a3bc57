/** The MCP server over Streamable HTTP: JSON-RPC, described by the MCP specification rather than here. */
import { z } from 'zod';
import type { Operation } from '../operation';

const JSON_RPC = z
  .record(z.string(), z.unknown())
  .meta({ description: 'A JSON-RPC 2.0 message of the Model Context Protocol.' });
const SESSION = z.object({
  'mcp-session-id': z
    .string()
    .optional()
    .meta({ description: 'The session the initialize answer named (all but the first request).' }),
});

export const mcpOperations: Operation[] = (['post', 'get', 'delete'] as const).map((method) => ({
  method,
  path: '/mcp',
  tag: 'MCP',
  summary: {
    post: 'Send MCP messages (initialize first)',
    get: 'Open the MCP event stream',
    delete: 'End the MCP session',
  }[method],
  description:
    'The tools of `prompt-perfect mcp`, with your account: lint, improve, evaluate, optimize, test sets, history. Tools that run models need the `run` scope; the others `read`.',
  access: 'token',
  headers: SESSION,
  ...(method === 'post' ? { body: JSON_RPC, bodyExample: { jsonrpc: '2.0', id: 1, method: 'tools/list' } } : {}),
  ok: { status: 200, description: 'JSON-RPC answers (JSON or an event stream).', schema: JSON_RPC },
  errors: { 400: 'No session yet: POST an initialize request first.', 404: 'Unknown or expired MCP session.' },
}));
