/** The SDK's own MCP Client on either transport: Streamable HTTP at /mcp, or the CLI's `mcp` command on stdio. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export const CLI_BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../cli/bin/prompt-perfect.js');

export type Connect = (url: string, token: string | undefined) => Promise<Client>;

export const connectHttp: Connect = async (url, token) => {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }));
  return client;
};

/** Spawns `prompt-perfect mcp` with only the variables it needs (and a config dir of its own, so no stored login leaks in). */
export const connectStdio: Connect = async (url, token) => {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    PROMPT_PERFECT_CONFIG_DIR: path.join(process.env.TMPDIR ?? '/tmp', 'pp-cli-no-login'),
    ...(token ? { PROMPT_PERFECT_URL: url, PROMPT_PERFECT_TOKEN: token } : {}),
  };
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [CLI_BIN, 'mcp'], env, stderr: 'pipe' }),
  );
  return client;
};
