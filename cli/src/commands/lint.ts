/**
 * `prompt-perfect lint <file|->`: the offline linter; exit 1 when a finding is at `--fail-on` severity
 * or above. `--model` also asks the server's test model (`--model=provider:name` another one) through
 * POST /api/lint: it needs a token with `run`, and the model's findings are marked as such.
 */
import type { LintResponse } from '@prompt-perfect/core/api/types';
import { lintPrompt } from '@prompt-perfect/core/lint/index';
import { chooseBackend } from '../backends/chooseBackend';
import { readText, UsageError } from '../input';
import { modelChoice } from '../modelChoice';
import { describeModelCheck } from '@prompt-perfect/core/lint/model/describe';
import { formatLint, LINT_FORMATS, type LintFormat } from '../output/lintReport';

/** What fails: `error` (the default: only rules certain by construction) or `warning` (errors and warnings). */
const FAIL_ON = { error: ['error'], warning: ['error', 'warning'] } as const;

const MODEL_CHECK_NEEDS_TOKEN =
  'lint --model asks a model on your Prompt Perfect server: set PROMPT_PERFECT_TOKEN (a personal API token with the run scope) or run prompt-perfect login.';

/** `model`: undefined for the rules alone, '' for the server's test model, else `[provider:]name`. */
async function findingsOf(
  text: string,
  model: string | undefined,
): Promise<Pick<LintResponse, 'findings' | 'modelCheck'>> {
  if (model === undefined) return { findings: lintPrompt(text) };
  const choice = model === '' ? true : modelChoice(model, '--model', '');
  const { backend, server } = await chooseBackend();
  if (!server) throw new UsageError(MODEL_CHECK_NEEDS_TOKEN);
  return backend.lint({ prompt: text, model: choice });
}

export async function runLint(
  file: string | undefined,
  format = 'text',
  failOn = 'error',
  model?: string,
): Promise<number> {
  if (!LINT_FORMATS.includes(format as LintFormat))
    throw new UsageError(`--format must be one of ${LINT_FORMATS.join(', ')}.`);
  if (!(failOn in FAIL_ON)) throw new UsageError(`--fail-on must be one of ${Object.keys(FAIL_ON).join(', ')}.`);
  const failing: readonly string[] = FAIL_ON[failOn as keyof typeof FAIL_ON];
  const text = await readText(file, 'prompt');
  const { findings, modelCheck } = await findingsOf(text, model);
  const name = file === '-' ? '<stdin>' : (file as string);
  process.stdout.write(formatLint(format as LintFormat, name, text, findings, modelCheck));
  if (modelCheck && format !== 'json') process.stderr.write(`${describeModelCheck(modelCheck)}\n`);
  return findings.some((f) => failing.includes(f.severity)) ? 1 : 0;
}
