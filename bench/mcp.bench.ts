/**
 * MCP: a lint_prompt round trip (request to answer, as the SDK's Client sees it) over Streamable HTTP
 * at /mcp, over stdio with the CLI's offline tools in process, and over stdio through the server's
 * REST API; plus how long `prompt-perfect mcp` takes to start and answer initialize.
 */
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ms, percentile, startBenchGateway } from './benchGateway';

const WARMUP = 30;
const RUNS = 300;
const CLI_BIN = path.resolve(import.meta.dirname, '../cli/bin/prompt-perfect.js');
const PROMPT =
  'You are a support agent for a bike shop. Answer the customer question below in at most three sentences.\n\nQuestion: {{question}}';

const stdio = (env: Record<string, string>) =>
  new StdioClientTransport({
    command: process.execPath,
    args: [CLI_BIN, 'mcp'],
    env: {
      PATH: process.env.PATH ?? '',
      PROMPT_PERFECT_CONFIG_DIR: path.join(import.meta.dirname, 'results', '.no-login'),
      ...env,
    },
    stderr: 'ignore',
  });

async function roundTrips(transport: Transport): Promise<{ p50: number; p99: number; connectMs: number }> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  const t0 = performance.now();
  await client.connect(transport);
  const connectMs = performance.now() - t0;
  const times: number[] = [];
  try {
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const start = performance.now();
      const result = await client.callTool({ name: 'lint_prompt', arguments: { prompt: PROMPT } });
      if (result.isError) throw new Error(`lint_prompt failed: ${JSON.stringify(result.content)}`);
      if (i >= WARMUP) times.push(performance.now() - start);
    }
  } finally {
    await client.close();
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), connectMs };
}

export async function run(): Promise<Record<string, number | string>> {
  const gateway = await startBenchGateway();
  try {
    const made = await fetch(`${gateway.url}/api/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: gateway.cookie },
      body: JSON.stringify({ name: 'bench' }),
    });
    const { token } = (await made.json()) as { token: string };
    const http = await roundTrips(
      new StreamableHTTPClientTransport(new URL(`${gateway.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    const offline = await roundTrips(stdio({}));
    const viaServer = await roundTrips(stdio({ PROMPT_PERFECT_URL: gateway.url, PROMPT_PERFECT_TOKEN: token }));
    return {
      'calls per transport': RUNS,
      'lint_prompt over Streamable HTTP p50 (ms)': ms(http.p50),
      'lint_prompt over Streamable HTTP p99 (ms)': ms(http.p99),
      'lint_prompt over stdio, offline in process p50 (ms)': ms(offline.p50),
      'lint_prompt over stdio, offline in process p99 (ms)': ms(offline.p99),
      'lint_prompt over stdio via the server REST API p50 (ms)': ms(viaServer.p50),
      'prompt-perfect mcp start to initialized (ms)': Math.round(offline.connectMs),
    };
  } finally {
    await gateway.close();
  }
}
