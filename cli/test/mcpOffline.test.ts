/** `prompt-perfect mcp` with no server configured: the offline tools, in process, over stdio. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_BIN, tempDir } from './runCli';

describe('prompt-perfect mcp without PROMPT_PERFECT_URL or a token', () => {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  beforeAll(async () => {
    const env = { PATH: process.env.PATH ?? '', PROMPT_PERFECT_CONFIG_DIR: tempDir() };
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [CLI_BIN, 'mcp'], env, stderr: 'pipe' }),
    );
  });
  afterAll(() => client.close());

  it('offers only the tools that need no server, and no resources', async () => {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['lint_prompt', 'improve_prompt']);
    await expect(client.listResources()).rejects.toThrow();
  });

  it('lint_prompt and improve_prompt answer in process', async () => {
    const lint: any = await client.callTool({
      name: 'lint_prompt',
      arguments: {
        prompt: 'Write a reply to {{customer}} about the delayed order.',
        variables: {},
      },
    });
    expect(lint.structuredContent.findings.map((f: any) => f.rule)).toContain('unresolved-variable');
    const improved: any = await client.callTool({
      name: 'improve_prompt',
      arguments: { prompt: 'write a haiku about tea', technique: 'few-shot' },
    });
    expect(improved.structuredContent).toMatchObject({ provider: 'offline', model: 'offline' });
    expect(improved.content[0].text).toContain('haiku about tea');
  });

  it('asking for a model without a server is a tool error that says what to set', async () => {
    const result: any = await client.callTool({
      name: 'improve_prompt',
      arguments: { prompt: 'x', provider: 'openai', model: 'gpt-4o' },
    });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/PROMPT_PERFECT_TOKEN/);
    // The model check too (issue 47): it runs on a server, which has the provider key.
    const check: any = await client.callTool({ name: 'lint_prompt', arguments: { prompt: 'x', model: true } });
    expect(check.isError).toBe(true);
    expect(check.content[0].text).toContain('The model check needs a Prompt Perfect server: set PROMPT_PERFECT_TOKEN');
  });

  it('a bad argument is refused by the schema before anything runs', async () => {
    const result: any = await client.callTool({
      name: 'improve_prompt',
      arguments: { prompt: 'x', technique: 'magic' },
    });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/technique/);
  });
});
