/**
 * /mcp: the MCP server over Streamable HTTP, for assistants that reach Prompt Perfect over the
 * network. Only an API token authenticates (`Authorization: Bearer pp_...`); its scopes decide which
 * tools run. An organization's token works in the organization's space within its maker's role, read
 * at every request: once the maker is removed, the open session's next call is refused. The host
 * allow-list (app-wide) and the per-IP and per-user rate limits apply.
 *
 * Sessions are kept in this process (the SDK's transport holds the open streams): a client's session
 * belongs to the token's user and space, and requests for it with a token of another user or space
 * are answered like an unknown session. Behind a load balancer, /mcp needs sticky sessions.
 */
import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import express, { type Request, type RequestHandler, type Router } from 'express';
import { createMcpServer, type McpExtra } from '@prompt-perfect/core/mcp/createMcpServer';
import { effectiveScopes, sendsPersonalToken, tokenOwner } from '../../auth/apiTokenAuth';
import { setSignedInUser } from '../../auth/requireUser';
import { setOrgSpace, spaceOf } from '../../auth/space';
import { BadRequest, NotFound, Unauthorized } from '../../http/httpError';
import { refuseBadJson } from '../../http/jsonBodyLimits';
import type { ApiTokenStore } from '../tokens/tokens';
import { createServerBackend, type McpCaller, type McpDeps } from './serverBackend';

const MCP_BODY_LIMIT = '256kb';
/** Sessions one user keeps open; a new one beyond this closes their oldest. */
const SESSIONS_PER_USER = 10;
const SESSION_IDLE_MS = 30 * 60_000;
const TOKEN_REQUIRED =
  'The MCP endpoint needs a personal API token: send Authorization: Bearer <token> (create one in Settings).';
const UNKNOWN_SESSION = 'That MCP session is unknown or has ended: start a new one (initialize).';
const VERSION = '1.0.0';

interface Session {
  transport: StreamableHTTPServerTransport;
  userId: string;
  /** The space it works in: the user's own, or `org:<id>` for an organization's token. */
  spaceOwner: string;
  lastSeen: number;
}

const CALLER = 'promptPerfectCaller';

/** The tools that call models: each call takes one of the user's USER_MAX_CONCURRENT_RUNS. */
const RUN_TOOLS = new Set(['improve_prompt', 'evaluate_prompt', 'optimize_prompt']);
const callsARunTool = (
  m: { method?: unknown; params?: { name?: unknown; arguments?: { model?: unknown } } } | undefined,
) =>
  m?.method === 'tools/call' &&
  typeof m.params?.name === 'string' &&
  (RUN_TOOLS.has(m.params.name) || (m.params.name === 'lint_prompt' && m.params.arguments?.model === true));
const BATCH_REFUSED = 'JSON-RPC batches are not accepted (MCP 2025-06-18 removed them): send one message per request.';

/**
 * One message per request, so every model-calling tool call takes its own run slot: a batch would
 * run all of its calls on one.
 */
const refuseBatches: RequestHandler = (req, res, next) => {
  if (!Array.isArray(req.body)) return next();
  res.status(400).json({ jsonrpc: '2.0', id: null, error: { code: -32600, message: BATCH_REFUSED } });
};
const callerOf = (extra: McpExtra) => extra.authInfo?.extra?.[CALLER] as McpCaller;

export function createMcpRoutes(
  deps: McpDeps & { tokens: ApiTokenStore; runSlot: RequestHandler },
  limits: { perIp: RequestHandler; perUser: RequestHandler },
): Router {
  const sessions = new Map<string, Session>();

  const close = (id: string) => {
    const s = sessions.get(id);
    sessions.delete(id);
    void s?.transport.close().catch(() => {});
  };
  const sweep = (now: number, userId: string) => {
    for (const [id, s] of sessions) if (now - s.lastSeen > SESSION_IDLE_MS) close(id);
    const own = [...sessions].filter(([, s]) => s.userId === userId).sort((a, b) => a[1].lastSeen - b[1].lastSeen);
    for (const [id] of own.slice(0, Math.max(0, own.length - SESSIONS_PER_USER + 1))) close(id);
  };

  async function openSession(userId: string, spaceOwner: string): Promise<StreamableHTTPServerTransport> {
    sweep(Date.now(), userId);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, userId, spaceOwner, lastSeen: Date.now() });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    const server = createMcpServer({
      version: VERSION,
      withAccount: true,
      backendFor: (extra) => createServerBackend(deps, callerOf(extra)),
    });
    await server.connect(transport);
    return transport;
  }

  const authenticate: RequestHandler = async (req, res, next) => {
    if (!sendsPersonalToken(req)) throw new Unauthorized(TOKEN_REQUIRED, { headers: { 'WWW-Authenticate': 'Bearer' } });
    const owner = await tokenOwner(req, deps.tokens);
    const { user } = owner;
    const scopes = effectiveScopes(owner);
    setSignedInUser(req, { ...user, source: 'local' });
    if (owner.org) setOrgSpace(req, owner.org, owner.org.role);
    const caller: McpCaller = { user, scopes, req, res };
    const auth: AuthInfo = { token: '', clientId: user.id, scopes, extra: { [CALLER]: caller } };
    (req as Request & { auth?: AuthInfo }).auth = auth;
    next();
  };

  const runSlotForRunTools: RequestHandler = (req, res, next) =>
    callsARunTool(req.body) ? deps.runSlot(req, res, next) : next();

  const router = express.Router();
  const guards = [
    limits.perIp,
    express.json({ limit: MCP_BODY_LIMIT, strict: true, verify: refuseBadJson }),
    refuseBatches,
    authenticate,
    limits.perUser,
    runSlotForRunTools,
  ];
  router.all('/mcp', ...guards, async (req, res) => {
    const userId = (req as Request & { auth: AuthInfo }).auth.clientId;
    const spaceOwner = spaceOf(req).ownerId;
    const id = req.header('mcp-session-id');
    let transport: StreamableHTTPServerTransport;
    if (id) {
      const session = sessions.get(id);
      if (!session || session.userId !== userId || session.spaceOwner !== spaceOwner)
        throw new NotFound(UNKNOWN_SESSION);
      session.lastSeen = Date.now();
      transport = session.transport;
    } else if (req.method === 'POST' && isInitializeRequest(req.body)) {
      transport = await openSession(userId, spaceOwner);
    } else {
      throw new BadRequest('Start an MCP session first: POST an initialize request without mcp-session-id.');
    }
    res.setHeader('Cache-Control', 'no-store');
    await transport.handleRequest(req, res, req.body);
  });
  return router;
}
