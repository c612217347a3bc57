/**
 * [prove] against a real provider: the same optimization as the bench's simulated task, run by the
 * real server with your key, so the claim can be checked with your own models.
 *
 *   OPENAI_API_KEY=sk-... npx tsx bench/proveReal.ts
 *   ANTHROPIC_API_KEY=... PROVE_PROVIDER=anthropic npx tsx bench/proveReal.ts
 *
 * Optional: PROVE_MODEL and PROVE_JUDGE_MODEL, PROVE_CASES (20), PROVE_ROUNDS (5), PROVE_MAX_COST_USD (1);
 * OPENAI_BASE_URL / ANTHROPIC_BASE_URL for compatible servers (Ollama, vLLM...).
 * It starts proxy-server on a free loopback port with a throwaway data folder, signs in with the local
 * identity, saves the shipped task as a test set, runs one optimization and prints the figures.
 */
import type { OptimizationResult } from '@prompt-perfect/core/api/prove';
import {
  SIMULATED_ROUGH_PROMPT,
  SIMULATED_RUBRIC,
  simulatedCases,
} from '@prompt-perfect/test-support/prove/simulatedTask';
import { startGatewayProcess } from './gatewayProcesses';

const DEFAULTS = {
  openai: { model: 'gpt-4o-mini', judge: 'gpt-4o' },
  anthropic: { model: 'claude-3-haiku-20240307', judge: 'claude-3-5-sonnet-20241022' },
} as const;

const PASSED_ON = [
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_BASE_URL',
  'USER_DAILY_BUDGET_USD',
] as const;

async function call(
  url: string,
  body: unknown,
  cookie?: string,
): Promise<{ status: number; body: any; cookie: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const setCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: res.status, body: text ? JSON.parse(text) : undefined, cookie: setCookie };
}

const two = (x: number) => x.toFixed(2);

function figuresOf(result: OptimizationResult): Record<string, string | number> {
  const t = result.test;
  return {
    'test split (headline)': t
      ? `${two(t.startMean)} -> ${two(t.finalMean)} on ${t.difference.n} cases, difference ${two(t.difference.mean)} (95% ${two(t.difference.low)} to ${two(t.difference.high)}): ${t.confirmed ? 'better' : 'not proven better'}`
      : 'not run (stopped before the final test)',
    'validation (chose the edits)': `${two(result.validationStart)} -> ${two(result.validationEnd)}`,
    rounds: `${result.rounds.length} (${result.rounds.filter((r) => r.kept).length} passed validation), stopped by ${result.stoppedBy}`,
    tokens: result.tokens,
    'detectable difference (80% power)': `${two(result.power.detectable)} points with ${result.power.testCases} test cases`,
  };
}

async function main() {
  const provider =
    process.env.PROVE_PROVIDER ??
    (process.env.OPENAI_API_KEY ? 'openai' : process.env.ANTHROPIC_API_KEY ? 'anthropic' : undefined);
  if (provider !== 'openai' && provider !== 'anthropic') {
    console.error(
      'Set OPENAI_API_KEY or ANTHROPIC_API_KEY (and PROVE_PROVIDER=anthropic for Anthropic) to run against a real provider.',
    );
    process.exit(2);
  }
  const env: Record<string, string> = {};
  for (const name of PASSED_ON) if (process.env[name]) env[name] = process.env[name] as string;
  const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const gateway = await startGatewayProcess(env);
  try {
    const { cookie } = await call(`${gateway.url}/api/auth/local/sign-in`, {
      name: 'Prove bench',
      email: 'prove@example.com',
    });
    const set = await call(
      `${gateway.url}/api/test-sets`,
      {
        name: 'Hiking help desk',
        prompt: SIMULATED_ROUGH_PROMPT,
        rubric: SIMULATED_RUBRIC,
        cases: simulatedCases(number('PROVE_CASES', 20)),
      },
      cookie,
    );
    if (set.status !== 201) throw new Error(`Saving the test set failed: ${set.status} ${JSON.stringify(set.body)}`);
    const model = process.env.PROVE_MODEL ?? DEFAULTS[provider].model;
    const judge = process.env.PROVE_JUDGE_MODEL ?? DEFAULTS[provider].judge;
    const run = await call(
      `${gateway.url}/api/optimizations`,
      {
        provider,
        model,
        judge: { provider, model: judge },
        testSetId: set.body.id,
        prompt: SIMULATED_ROUGH_PROMPT,
        limits: {
          maxRounds: number('PROVE_ROUNDS', 5),
          maxTokens: 5_000_000,
          maxCostUsd: number('PROVE_MAX_COST_USD', 1),
        },
      },
      cookie,
    );
    if (run.status !== 200) throw new Error(`The optimization failed: ${run.status} ${JSON.stringify(run.body)}`);
    console.log(`Prove on ${provider}: ${model}, judged by ${judge}`);
    for (const [k, v] of Object.entries(figuresOf(run.body))) console.log(`${k}: ${v}`);
  } finally {
    await gateway.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
