/** `prompt-perfect lint <file|->`: the offline linter; exit 1 when a finding is at `--fail-on` severity or above. */
import { lintPrompt } from '@prompt-perfect/core/lint/index';
import { readText, UsageError } from '../input';
import { formatLint, LINT_FORMATS, type LintFormat } from '../output/lintReport';

/** What fails: `error` (the default: only rules certain by construction) or `warning` (errors and warnings). */
const FAIL_ON = { error: ['error'], warning: ['error', 'warning'] } as const;

export async function runLint(file: string | undefined, format = 'text', failOn = 'error'): Promise<number> {
  if (!LINT_FORMATS.includes(format as LintFormat))
    throw new UsageError(`--format must be one of ${LINT_FORMATS.join(', ')}.`);
  if (!(failOn in FAIL_ON)) throw new UsageError(`--fail-on must be one of ${Object.keys(FAIL_ON).join(', ')}.`);
  const failing: readonly string[] = FAIL_ON[failOn as keyof typeof FAIL_ON];
  const text = await readText(file, 'prompt');
  const findings = lintPrompt(text);
  process.stdout.write(formatLint(format as LintFormat, file === '-' ? '<stdin>' : (file as string), text, findings));
  return findings.some((f) => failing.includes(f.severity)) ? 1 : 0;
}
