/**
 * The model check measured against the rules, on the labelled batches:
 *
 *   OPENAI_API_KEY=sk-... npx tsx bench/lintModel.ts
 *   ANTHROPIC_API_KEY=... npx tsx bench/lintModel.ts
 *
 * Optional: LINT_MODEL (default gpt-4o-mini, or claude-3-5-haiku-latest for Anthropic), LINT_MODEL_PROVIDER
 * (when both keys are set), OPENAI_BASE_URL / ANTHROPIC_BASE_URL for compatible servers; `--limit <n>`
 * scores the first n prompts of each batch, `--batch <name>` (repeatable) only the batches named.
 *
 * For each of the meaning rules, three systems: the rules alone, the model check alone, and both
 * together (a rule counts as found when either found it, as the merged list shows it): precision and
 * recall with 95% Wilson intervals per batch, then tokens and cost from list prices. It prints counts
 * only, never a prompt: it reads the held-out batches (bench/lint-heldout), and their text must stay
 * unread. An answer that is not the schema's JSON counts as no findings and is counted apart.
 */
import { parseArgs } from 'node:util';
import { priceOf } from '@prompt-perfect/core/catalog/modelPrices';
import { lintPrompt, type LintRuleId } from '@prompt-perfect/core/lint/index';
import {
  checkWithModel,
  MODEL_LINT_RULE_IDS,
  ModelLintAnswerError,
  type ModelLintRuleId,
} from '@prompt-perfect/core/lint/model/index';
import { addTokens, costUsd, NO_TOKENS, type TokenUse } from '@prompt-perfect/core/prove/cost';
import { createAnthropicProvider } from '../proxy-server/src/providers/anthropicProvider';
import { createOpenAIProvider } from '../proxy-server/src/providers/openaiProvider';
import type { TextProvider } from '../proxy-server/src/providers/types';
import { type CorpusItem, loadCorpus } from './lint-corpus/corpus';
import { wilson } from './lint-corpus/wilson';
import { heldOutFiles, loadHeldOut } from './lint-heldout/heldOut';

const DEFAULT_MODEL = { openai: 'gpt-4o-mini', anthropic: 'claude-3-5-haiku-latest' } as const;
/** Calls in flight at once: a provider's rate limit, not this machine, is the bound. */
const CONCURRENCY = 4;
const SYSTEMS = ['rules', 'model', 'both'] as const;
type System = (typeof SYSTEMS)[number];

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

interface Batch {
  name: string;
  status: string;
  items: CorpusItem[];
}

/** Held-out batches first (scored as they come), then every labelled file of bench/lint-corpus. */
function batches(): Batch[] {
  const heldOut = loadHeldOut();
  const corpus = loadCorpus();
  const out: Batch[] = heldOutFiles().map((file) => ({
    name: file.replace(/\.txt$/, ''),
    status: 'held-out: counts only',
    items: heldOut.filter((i) => i.file === file),
  }));
  for (const file of [...new Set(corpus.map((i) => i.file))].sort())
    out.push({ name: file.replace(/\.txt$/, ''), status: 'lint-corpus', items: corpus.filter((i) => i.file === file) });
  return out;
}

function providerOf(env: NodeJS.ProcessEnv): { provider: TextProvider; model: string } {
  const which =
    env.LINT_MODEL_PROVIDER ?? (env.OPENAI_API_KEY ? 'openai' : env.ANTHROPIC_API_KEY ? 'anthropic' : undefined);
  const common = { timeoutMs: 120_000, maxRetries: 2 };
  if (which === 'openai' && env.OPENAI_API_KEY)
    return {
      provider: createOpenAIProvider({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, ...common }),
      model: env.LINT_MODEL ?? DEFAULT_MODEL.openai,
    };
  if (which === 'anthropic' && env.ANTHROPIC_API_KEY)
    return {
      provider: createAnthropicProvider({ apiKey: env.ANTHROPIC_API_KEY, baseURL: env.ANTHROPIC_BASE_URL, ...common }),
      model: env.LINT_MODEL ?? DEFAULT_MODEL.anthropic,
    };
  throw new Error('Set OPENAI_API_KEY or ANTHROPIC_API_KEY (and LINT_MODEL_PROVIDER when both are set).');
}

/** "0.83 [0.64-0.93]", or "n/a" with nothing to divide. */
function rate(k: number, n: number): string {
  const ci = wilson(k, n);
  return ci ? `${(k / n).toFixed(2)} [${ci[0].toFixed(2)}-${ci[1].toFixed(2)}]` : 'n/a';
}

/** Runs `work` on every item, at most `limit` at once, keeping the order of the results. */
async function pooled<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface Checked {
  expect: Set<LintRuleId>;
  fired: Record<System, Set<ModelLintRuleId>>;
}

async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const { values } = parseArgs({
    args: argv,
    options: { limit: { type: 'string' }, batch: { type: 'string', multiple: true } },
  });
  const limit = values.limit === undefined ? Number.POSITIVE_INFINITY : Number(values.limit);
  if (!(limit > 0)) throw new Error('--limit must be a positive number.');
  const { provider, model } = providerOf(env);
  const price = priceOf(model);
  const meaning = new Set<LintRuleId>(MODEL_LINT_RULE_IDS);
  let tokens: TokenUse = NO_TOKENS;
  let unusable = 0;
  let dropped = 0;
  let calls = 0;

  const check = async (item: CorpusItem): Promise<Checked> => {
    const rules = new Set(
      lintPrompt(item.prompt, item.context)
        .map((f) => f.rule)
        .filter((r): r is ModelLintRuleId => meaning.has(r)),
    );
    let byModel = new Set<ModelLintRuleId>();
    calls += 1;
    try {
      const located = await checkWithModel(item.prompt, (request) =>
        provider.generate({ model, ...request }, undefined, (usage) => {
          tokens = addTokens(tokens, usage);
        }),
      );
      dropped += located.dropped;
      byModel = new Set(located.findings.map((f) => f.rule as ModelLintRuleId));
    } catch (err) {
      if (!(err instanceof ModelLintAnswerError)) throw err;
      unusable += 1;
    }
    return {
      expect: new Set(item.expect),
      fired: { rules, model: byModel, both: new Set([...rules, ...byModel]) },
    };
  };

  const lines = [
    `lint model check: ${provider.id}:${model}, the meaning rules (${MODEL_LINT_RULE_IDS.join(', ')}); precision and recall with 95% Wilson intervals; counts only`,
  ];
  const wanted = values.batch;
  for (const batch of batches()) {
    if (wanted && !wanted.includes(batch.name)) continue;
    const items = batch.items.slice(0, limit);
    const checked = await pooled(items, CONCURRENCY, check);
    lines.push(`[${batch.name}] ${items.length} prompts; ${batch.status}`);
    for (const rule of MODEL_LINT_RULE_IDS) {
      const parts = SYSTEMS.map((system) => {
        const c: Counts = { tp: 0, fp: 0, fn: 0 };
        for (const { expect, fired } of checked) {
          const found = fired[system].has(rule);
          if (found && expect.has(rule)) c.tp++;
          else if (found) c.fp++;
          else if (expect.has(rule)) c.fn++;
        }
        return `${system}: precision ${rate(c.tp, c.tp + c.fp)} recall ${rate(c.tp, c.tp + c.fn)} (tp ${c.tp}, fp ${c.fp}, fn ${c.fn})`;
      });
      lines.push(`  ${rule.padEnd(24)} ${parts.join(' | ')}`);
    }
  }
  lines.push(
    `model calls ${calls}; answers not the schema's JSON ${unusable}; findings dropped (quote not in the prompt) ${dropped}`,
    `tokens ${tokens.input} in, ${tokens.output} out; cost $${costUsd(tokens, price).toFixed(4)} at ${model}'s list price`,
  );
  return lines;
}

// `npx tsx bench/lintModel.ts`: a scoring command, not part of `npm run bench` (it needs a key and spends).
if (process.argv[1]?.endsWith('lintModel.ts')) {
  try {
    for (const line of await main(process.argv.slice(2))) console.log(line);
  } catch (err) {
    console.error(`lintModel: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  }
}
