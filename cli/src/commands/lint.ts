/** `prompt-perfect lint <file|->`: the offline linter; exit 1 when a finding is an error. */
import { lintPrompt } from '@prompt-perfect/core/lint/index';
import { readText, UsageError } from '../input';
import { formatLint, LINT_FORMATS, type LintFormat } from '../output/lintReport';

export async function runLint(file: string | undefined, format = 'text'): Promise<number> {
  if (!LINT_FORMATS.includes(format as LintFormat))
    throw new UsageError(`--format must be one of ${LINT_FORMATS.join(', ')}.`);
  const text = await readText(file, 'prompt');
  const findings = lintPrompt(text);
  process.stdout.write(formatLint(format as LintFormat, file === '-' ? '<stdin>' : (file as string), text, findings));
  return findings.some((f) => f.severity === 'error') ? 1 : 0;
}
