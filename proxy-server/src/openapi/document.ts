/** The OpenAPI 3.1 document of the server, generated from the routes' zod schemas (see paths/). */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { SESSION_COOKIE } from '../auth/cookies';
import { routeOf, type Operation } from './operation';
import { accountOperations } from './paths/account';
import { auditOperations } from './paths/audit';
import { basicOperations } from './paths/basics';
import { mcpOperations } from './paths/mcp';
import { modelOperations } from './paths/models';
import { ORG_SPACES_TAG, orgSpaceOperations } from './paths/orgSpaces';
import { proveOperations } from './paths/prove';
import { promptOperations } from './paths/prompts';
import { remoteOperations } from './paths/remotes';
import { shareOperations } from './paths/share';
import { tokenOperations } from './paths/tokens';
import { orgTokenOperations } from './paths/orgTokens';
import { orgOperations } from './paths/orgs';

const API_VERSION = '1.0.0';

export const OPERATIONS: Operation[] = [
  ...basicOperations,
  ...modelOperations,
  ...promptOperations,
  ...proveOperations,
  ...tokenOperations,
  ...orgTokenOperations,
  ...shareOperations,
  ...auditOperations,
  ...orgOperations,
  ...accountOperations,
  ...mcpOperations,
  ...remoteOperations,
  ...orgSpaceOperations,
];

const TAGS = [
  { name: 'Server', description: 'Health checks and this document.' },
  {
    name: 'Sign-in',
    description: 'The session: Clerk, or the local development identity when Clerk is not configured.',
  },
  { name: 'Models', description: 'The providers configured on this server and their models.' },
  { name: 'Visitor trial', description: 'Free runs for visitors, counted on the server per visitor and per address.' },
  { name: 'Lint', description: 'The offline prompt linter.' },
  { name: 'Model calls', description: 'Signed-in model calls through the server, which holds the provider keys.' },
  {
    name: 'Prompts',
    description:
      'Named prompts with numbered versions and labels, fetched by applications at run time (`@prompt-perfect/sdk`, the Python `prompt-perfect`). A prompt of another account answers exactly like one that does not exist (404).',
  },
  {
    name: 'Prove',
    description:
      'Test sets, evaluations and optimizations. With `Accept: text/event-stream` a run streams its progress as server-sent events (event name = `type`, data = the rest as JSON); without it, one JSON body at the end. Closing the connection stops the run and bills nothing more.',
  },
  {
    name: 'API tokens',
    description: 'Personal API tokens, managed with the session only: a token cannot mint tokens.',
  },
  {
    name: 'Organizations',
    description:
      'Teams with roles (owner, admin, editor, viewer), managed with the session. The account-data routes also exist under /api/orgs/{org}/...',
  },
  { name: 'Account', description: "The signed-in user's own data." },
  {
    name: 'Share links',
    description: 'Read-only links to one prompt version or a label, opened without signing in (never indexed).',
  },
  { name: 'Audit log', description: 'Who changed what in a space, and when; exported as CSV or JSON.' },
  { name: 'MCP', description: 'The MCP server for coding assistants over Streamable HTTP.' },
  {
    name: 'Remote releases',
    description:
      'Which build of each remote the shell loads, changed at run time behind the operator token (docs/remote-releases.md).',
  },
  ORG_SPACES_TAG,
];

let built: ReturnType<OpenApiGeneratorV31['generateDocument']> | undefined;

export function openApiDocument() {
  if (built) return built;
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session cookie set by sign-in (or a Clerk session token in `Authorization: Bearer`).',
  });
  registry.registerComponent('securitySchemes', 'apiToken', {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal API token (`pp_...`, Settings > API tokens). Its scopes: `read` for GET requests, `run` for model calls and changes. A token lacking the scope a route needs is refused with 403 naming the scope.',
  });
  registry.registerComponent('securitySchemes', 'adminToken', {
    type: 'http',
    scheme: 'bearer',
    description: "The operator's ADMIN_TOKEN (server configuration); without one the admin API is off (403).",
  });
  for (const op of OPERATIONS) registry.registerPath(routeOf(op));
  built = new OpenApiGeneratorV31(registry.definitions, { sortComponents: 'alphabetically' }).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Prompt Perfect API',
      version: API_VERSION,
      description:
        'Every route of the Prompt Perfect server. Errors are JSON `{ "error": "<one sentence>" }` with the status given, and a stable code in the `Error-Code` header (see Errors). Unsafe methods sent cross-site with a cookie are refused (403); a request with only a personal token is not.',
    },
    tags: TAGS,
  });
  return built;
}
