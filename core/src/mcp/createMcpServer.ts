/**
 * The one MCP server of Prompt Perfect, for both transports: the CLI connects it to stdio, proxy-server
 * to Streamable HTTP at /mcp. Protocol wiring only (no I/O of its own): the tools and resources of
 * ./tools over a backend chosen per request (the server's depends on the caller's token).
 */
import { McpServer, ResourceTemplate, type ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { PromptPerfectBackend, RunProgress } from './backend';
import { availableTools, callTool, type ToolAnswer } from './tools';

/** What the SDK passes a handler beside the arguments: the abort signal, progress token, auth info. */
export type McpExtra = Parameters<ToolCallback>[0];

const MCP_SERVER_NAME = 'prompt-perfect';
const HISTORY_URI = 'prompt-perfect://history';
const HISTORY_RESOURCE_ENTRIES = 50;

export interface McpServerOptions {
  version: string;
  /** Whether an account is behind the backends (a server): without one, only the offline tools exist. */
  withAccount: boolean;
  /** The backend for one request (the server's is bound to the caller's token and HTTP request). */
  backendFor(extra: McpExtra): PromptPerfectBackend;
}

/** Progress notifications for one call; `sent` settles once all are written, so none follows the answer. */
function progressSender(extra: McpExtra): { send(p: RunProgress): void; sent(): Promise<unknown> } {
  const token = extra._meta?.progressToken;
  const pending: Promise<void>[] = [];
  return {
    send(p) {
      if (token === undefined) return;
      pending.push(
        extra
          .sendNotification({ method: 'notifications/progress', params: { progressToken: token, ...p } })
          .catch(() => {}),
      );
    },
    sent: () => Promise.all(pending),
  };
}

const json = (uri: URL, data: unknown) => ({
  contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(data, null, 2) }],
});

/** The backend's account methods, when the caller may read. */
function readable(backend: PromptPerfectBackend): Required<PromptPerfectBackend> {
  if (!backend.scopes.includes('read'))
    throw new Error("Reading resources needs a token with the 'read' scope. Create one in Settings.");
  const { listTestSets, getTestSet, getHistory } = backend;
  if (!listTestSets || !getTestSet || !getHistory)
    throw new Error('Resources need a Prompt Perfect server: set PROMPT_PERFECT_TOKEN.');
  return backend as Required<PromptPerfectBackend>;
}

/** Saved test sets (listed, one resource each) and the prompt history. */
function registerAccountResources(server: McpServer, backendFor: McpServerOptions['backendFor']): void {
  const template = new ResourceTemplate('prompt-perfect://test-sets/{id}', {
    list: async (extra) => ({
      resources: (await readable(backendFor(extra)).listTestSets()).map((s) => ({
        uri: `prompt-perfect://test-sets/${s.id}`,
        name: s.name,
        description: `${s.caseCount} cases, updated ${s.updatedAt}`,
        mimeType: 'application/json',
      })),
    }),
  });
  server.registerResource(
    'test-set',
    template,
    {
      title: 'Saved test set',
      description: 'A saved test set: its prompt, rubric and cases.',
      mimeType: 'application/json',
    },
    async (uri, variables, extra) => json(uri, await readable(backendFor(extra)).getTestSet(Number(variables.id))),
  );
  server.registerResource(
    'history',
    HISTORY_URI,
    {
      title: 'Prompt history',
      description: `The ${HISTORY_RESOURCE_ENTRIES} newest runs of the account, newest first.`,
      mimeType: 'application/json',
    },
    async (uri, extra) => json(uri, await readable(backendFor(extra)).getHistory({ limit: HISTORY_RESOURCE_ENTRIES })),
  );
}

export function createMcpServer({ version, withAccount, backendFor }: McpServerOptions): McpServer {
  const server = new McpServer({ name: MCP_SERVER_NAME, version });
  for (const tool of availableTools(withAccount)) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.inputSchema },
      async (args: Record<string, unknown>, extra: McpExtra): Promise<ToolAnswer> => {
        const progress = progressSender(extra);
        const answer = await callTool(backendFor(extra), tool.name, args, {
          signal: extra.signal,
          onProgress: progress.send,
        });
        await progress.sent();
        return answer;
      },
    );
  }
  if (withAccount) registerAccountResources(server, backendFor);
  return server;
}
