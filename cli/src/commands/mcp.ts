/**
 * `prompt-perfect mcp`: the MCP server on stdin/stdout for a coding assistant. stdout carries the
 * protocol only; anything for people goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from '@prompt-perfect/core/mcp/createMcpServer';
import { chooseBackend } from '../backends/chooseBackend';
import { CLI_VERSION } from '../version';

export async function runMcp(): Promise<number> {
  const { backend, server } = await chooseBackend();
  const mcp = createMcpServer({ version: CLI_VERSION, withAccount: Boolean(server), backendFor: () => backend });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    process.stdin.once('end', resolve);
  });
  await mcp.connect(transport);
  process.stderr.write(
    server
      ? `prompt-perfect MCP server on stdio, using ${server}\n`
      : 'prompt-perfect MCP server on stdio, offline tools only (lint_prompt, improve_prompt)\n',
  );
  await closed;
  await mcp.close();
  return 0;
}
