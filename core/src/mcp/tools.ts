/**
 * The MCP tools of Prompt Perfect, defined once for both transports (stdio in the CLI, Streamable
 * HTTP at /mcp on the server): name, the description a model reads, the input schema, and the token
 * scope each needs. `callTool` runs one against a backend and shapes the answer.
 */
import { z } from 'zod';
import { RUN_INPUT_MAX } from '../api/account';
import type { OptimizationEvent } from '../api/prove';
import type { TokenScope } from '../api/tokens';
import { LANGUAGES, type LanguageId } from '../catalog/languages';
import { TECHNIQUE_IDS, type TechniqueId } from '../catalog/techniques';
import { TONES, type ToneId } from '../catalog/tones';
import type { PromptPerfectBackend, RunControl, RunProgress } from './backend';
import {
  formatEvaluation,
  formatFindings,
  formatHistory,
  formatImprove,
  formatOptimization,
  formatTestSets,
} from './format';

const prompt = z.string().min(1).max(RUN_INPUT_MAX).describe('The prompt text.');
const provider = z.enum(['openai', 'anthropic']);
const model = z.string().min(1).max(200);
const testSetId = z.number().int().positive().describe('The id of a saved test set (see list_test_sets).');
const modelChoice = {
  provider: provider.describe('Provider of the model that answers the cases.'),
  model: model.describe('Model that answers the cases, e.g. gpt-4o-mini.'),
  judgeProvider: provider.describe('Provider of the judge model.'),
  judgeModel: model.describe('Judge model that scores each answer 1-5 against the rubric, e.g. gpt-4o.'),
};

const shapes = {
  lint_prompt: {
    prompt,
    original: z
      .string()
      .max(RUN_INPUT_MAX)
      .optional()
      .describe('The prompt before a rewrite: its {{variables}} must survive.'),
    variables: z.record(z.string().max(100), z.string()).optional().describe('Test values by variable name.'),
    model: z
      .boolean()
      .optional()
      .describe(
        "Also ask the server's test model for the problems only meaning can show (billed to the account; needs the 'run' scope).",
      ),
  },
  improve_prompt: {
    prompt: prompt.describe('The rough task or prompt to rewrite.'),
    technique: z
      .enum(TECHNIQUE_IDS as [TechniqueId, ...TechniqueId[]])
      .optional()
      .describe('Prompting technique (default zero-shot).'),
    tone: z
      .enum(TONES.filter((t) => t !== 'Custom') as [ToneId, ...ToneId[]])
      .optional()
      .describe('Tone of the prompt (default Normal).'),
    language: z
      .enum(LANGUAGES.map((l) => l.id) as [LanguageId, ...LanguageId[]])
      .optional()
      .describe('Language of the prompt and of the answer it asks for.'),
    provider: provider
      .optional()
      .describe('With model: rewrite with this model. Without: the offline optimizer (no key, no cost).'),
    model: model.optional(),
  },
  evaluate_prompt: { prompt, testSetId, ...modelChoice },
  optimize_prompt: {
    prompt: prompt.describe('The starting prompt.'),
    testSetId,
    ...modelChoice,
    maxRounds: z.number().int().min(1).max(50).describe('Most rounds of propose-and-validate.'),
    maxTokens: z.number().int().min(1).max(50_000_000).describe('Most tokens, all calls together.'),
    maxCostUsd: z.number().positive().max(1_000).describe("Most US dollars, from the models' list prices."),
  },
  list_test_sets: {},
  get_history: {
    limit: z.number().int().min(1).max(100).optional().describe('How many entries, newest first (default 20).'),
    query: z.string().max(200).optional().describe('Only entries whose task or prompt contains this text.'),
  },
} as const;

export type ToolName = keyof typeof shapes;
type Args<N extends ToolName> = z.infer<z.ZodObject<(typeof shapes)[N]>>;

export interface ToolDefinition {
  name: ToolName;
  title: string;
  description: string;
  inputSchema: (typeof shapes)[ToolName];
  /** A personal token needs this scope to call it (null: any token, it touches no account data). */
  scope: TokenScope | null;
  /** The scope it needs when called with `model: true` (a model call), if that differs. */
  modelScope?: TokenScope;
  /** Needs the account (a server): not offered by the offline tools. */
  needsAccount: boolean;
}

const DESCRIPTIONS: Record<ToolName, Omit<ToolDefinition, 'name' | 'inputSchema'>> = {
  lint_prompt: {
    title: 'Lint a prompt',
    scope: null,
    modelScope: 'run',
    needsAccount: false,
    description:
      'Checks a prompt offline, without calling any model (unless model is true), for problems that make model answers worse: unresolved or lost {{variables}}, conflicting constraints, no output format, examples that contradict the format, user input not delimited, instructions buried at the end, vague quantifiers, duplicated instructions, a language mismatch. Each finding has the rule, its severity (error, warning, info), the quoted text, why it matters and, when one exists, a fix. Call it on any prompt before using or saving it; fix errors first. With model: true the server\'s test model is also asked for duplicated instructions, a buried task, undelimited input, conflicting constraints, no output format and a language mismatch; its findings are marked source "model" (or "both" when a rule found the same), each with a suggestion.',
  },
  improve_prompt: {
    title: 'Improve a prompt',
    scope: 'run',
    needsAccount: false,
    description:
      "Rewrites a rough task or prompt into a better prompt (Prompt Perfect's Perfect): specific, structured, with the expected output format, using the chosen technique, tone and language. With provider and model it asks that model (billed to the account's key) and records the run in the history; without them it uses the offline optimizer, which is free and instant but less tailored. Returns only the new prompt. Lint the result with lint_prompt.",
  },
  evaluate_prompt: {
    title: 'Evaluate a prompt on a test set',
    scope: 'run',
    needsAccount: true,
    description:
      "Runs a prompt on every case of a saved test set with one model, has a judge model score each answer 1-5 against the set's rubric, and returns the mean score with its 95% confidence interval and n, plus each case's score and the judge's one-line critique. Use it to measure a prompt before and after a change: only differences outside the intervals mean much. Costs one answer and one judge call per case.",
  },
  optimize_prompt: {
    title: 'Optimize a prompt on a test set',
    scope: 'run',
    needsAccount: true,
    description:
      'Improves a prompt against a saved test set (at least 9 cases): the cases are split into training, validation and test; each round proposes an edit from the training failures and keeps it only when it passes validation; at the end the final version is compared with the starting prompt on the test cases, never used for choosing. The split belongs to the set and is kept across runs; each rerun on the same test cases must clear a stricter level (alpha spending: at most 5% false claims over all reruns), and the answer says how many tests those cases have had, the level used, and when to add fresh cases. maxRounds, maxTokens and maxCostUsd are required and the run stops at the first one reached. Sends a progress notification per round. Returns bestPrompt (the final version only when the test confirmed it is better, else the starting prompt), the test verdict with its paired interval, and each round. Cancelling stops the run and bills nothing more.',
  },
  list_test_sets: {
    title: 'List test sets',
    scope: 'read',
    needsAccount: true,
    description:
      "Lists the account's saved test sets (id, name, number of cases, last change), newest first. Use an id with evaluate_prompt or optimize_prompt; read a whole set (rubric and cases) as the resource prompt-perfect://test-sets/{id}.",
  },
  get_history: {
    title: 'Get prompt history',
    scope: 'read',
    needsAccount: true,
    description:
      "Returns the account's prompt history, newest first: each run's task, the prompt it produced, provider, model, options and date, with the chain it belongs to (a Perfect and the versions that refined it). Use it to find a prompt made earlier instead of asking the user to paste it.",
  },
};

const TOOLS: readonly ToolDefinition[] = (Object.keys(shapes) as ToolName[]).map((name) => ({
  name,
  inputSchema: shapes[name],
  ...DESCRIPTIONS[name],
}));

/** What a tool call answers: a summary a model can read, and the same data as JSON. */
export interface ToolAnswer {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const toolError = (message: string): ToolAnswer => ({ content: [{ type: 'text', text: message }], isError: true });
const answer = (text: string, data: object): ToolAnswer => ({
  content: [{ type: 'text', text }],
  structuredContent: { ...data },
});

const NEEDS_SERVER =
  'This tool needs a Prompt Perfect server: set PROMPT_PERFECT_URL and PROMPT_PERFECT_TOKEN (a personal API token from Settings).';

const scopeRefused = (tool: ToolName, scope: TokenScope) =>
  `${tool} needs a token with the '${scope}' scope, and this one lacks it. Create a token with '${scope}' in Settings.`;

/** The tools offered: all of them with an account behind, else those that need none. */
export const availableTools = (withAccount: boolean): ToolDefinition[] =>
  TOOLS.filter((t) => withAccount || !t.needsAccount);

/** MCP progress must increase with every notification: a report that would not is skipped. */
function increasing(run: Pick<RunControl, 'onProgress'>): (p: RunProgress) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (p) => {
    if (p.progress <= last) return;
    last = p.progress;
    run.onProgress(p);
  };
}

const share = (done: number, total: number) => (total > 0 ? done / total : 0);

/**
 * What the optimization is doing now, for a progress notification or a terminal. Progress runs from
 * 0 to maxRounds + 2: scoring the starting prompt takes the first step, each round one, the final
 * test the last (a run stopped early by a limit jumps ahead).
 */
export function optimizationProgress(e: OptimizationEvent, maxRounds: number): RunProgress | undefined {
  const total = maxRounds + 2;
  switch (e.type) {
    case 'scoring':
      return {
        progress: share(e.done, e.total),
        total,
        message: `Scoring the starting prompt: ${e.done}/${e.total} cases`,
      };
    case 'started':
      return { progress: 1, total, message: `Starting prompt scores ${e.startScore.toFixed(2)} on validation` };
    case 'round':
      return {
        progress: 1 + e.round.round,
        total,
        message: `Round ${e.round.round}: ${e.round.kept ? 'kept' : 'not kept'} (${e.round.candidateScore.toFixed(2)} vs ${e.round.currentScore.toFixed(2)}): ${e.round.reason}`,
      };
    case 'testing':
      return {
        progress: 1 + maxRounds + share(e.done, e.total),
        total,
        message: `Testing the final version: ${e.done}/${e.total} cases`,
      };
    default:
      return undefined;
  }
}

/** Runs one tool: validates nothing (the SDK did, against inputSchema), checks the scope, shapes the answer. */
export async function callTool(
  backend: PromptPerfectBackend,
  name: ToolName,
  args: Record<string, unknown>,
  run: RunControl,
): Promise<ToolAnswer> {
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool) return toolError(`Unknown tool '${name}'.`);
  if (tool.scope && !backend.scopes.includes(tool.scope)) return toolError(scopeRefused(name, tool.scope));
  try {
    switch (name) {
      case 'lint_prompt': {
        const a = args as Args<'lint_prompt'>;
        if (a.model && tool.modelScope && !backend.scopes.includes(tool.modelScope))
          return toolError(scopeRefused(name, tool.modelScope));
        const result = await backend.lint(a);
        return answer(formatFindings(result.findings, result.modelCheck), { ...result });
      }
      case 'improve_prompt': {
        const a = args as Args<'improve_prompt'>;
        if (Boolean(a.provider) !== Boolean(a.model))
          return toolError('Give both provider and model, or neither for the offline optimizer.');
        const result = await backend.improve(a, run.signal);
        return answer(formatImprove(result), result);
      }
      case 'evaluate_prompt': {
        if (!backend.evaluate) return toolError(NEEDS_SERVER);
        const { judgeProvider, judgeModel, ...rest } = args as Args<'evaluate_prompt'>;
        const result = await backend.evaluate(
          { ...rest, judge: { provider: judgeProvider, model: judgeModel } },
          { ...run, onProgress: increasing(run) },
        );
        return answer(formatEvaluation(result), result);
      }
      case 'optimize_prompt': {
        if (!backend.optimize) return toolError(NEEDS_SERVER);
        const { judgeProvider, judgeModel, maxRounds, maxTokens, maxCostUsd, ...rest } =
          args as Args<'optimize_prompt'>;
        const result = await backend.optimize(
          {
            ...rest,
            judge: { provider: judgeProvider, model: judgeModel },
            limits: { maxRounds, maxTokens, maxCostUsd },
          },
          { ...run, onProgress: increasing(run) },
        );
        return answer(formatOptimization(result), result);
      }
      case 'list_test_sets': {
        if (!backend.listTestSets) return toolError(NEEDS_SERVER);
        const items = await backend.listTestSets();
        return answer(formatTestSets(items), { items });
      }
      case 'get_history': {
        if (!backend.getHistory) return toolError(NEEDS_SERVER);
        const page = await backend.getHistory(args as Args<'get_history'>);
        return answer(formatHistory(page), page);
      }
    }
  } catch (err) {
    if (run.signal.aborted) return toolError('Cancelled: the run stopped and nothing more is billed.');
    return toolError(err instanceof Error ? err.message : String(err));
  }
}
