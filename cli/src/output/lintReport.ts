/** Lint findings for a terminal, for scripts (JSON) and as GitHub Actions workflow annotations. */
import type { ModelCheckReport } from '@prompt-perfect/core/api/types';
import type { LintFinding } from '@prompt-perfect/core/lint/index';
import { SOURCE_TAG } from '@prompt-perfect/core/lint/model/describe';

export const LINT_FORMATS = ['text', 'json', 'github'] as const;
export type LintFormat = (typeof LINT_FORMATS)[number];

/** 1-based line and column of an offset. */
function position(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, col: before[before.length - 1].length + 1 };
}

// https://docs.github.com/actions/reference/workflow-commands-for-github-actions
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
const GITHUB_LEVEL = { error: 'error', warning: 'warning', info: 'notice' } as const;

export function formatLint(
  format: LintFormat,
  file: string,
  text: string,
  findings: readonly LintFinding[],
  modelCheck?: ModelCheckReport,
): string {
  if (format === 'json')
    return `${JSON.stringify(modelCheck ? { file, findings, modelCheck } : { file, findings }, null, 2)}\n`;
  const lines = findings.map((f) => {
    const start = position(text, f.start);
    const end = position(text, f.end);
    if (format === 'github') {
      const props = [
        `file=${escapeProperty(file)}`,
        `line=${start.line}`,
        `col=${start.col}`,
        `endLine=${end.line}`,
        `endColumn=${end.col}`,
        `title=${escapeProperty(`${f.rule}${SOURCE_TAG[f.source ?? 'rules']}`)}`,
      ];
      return `::${GITHUB_LEVEL[f.severity]} ${props.join(',')}::${escapeData(`${f.message} ${f.why}`)}`;
    }
    return `${file}:${start.line}:${start.col} ${f.severity} ${f.rule}${SOURCE_TAG[f.source ?? 'rules']}: ${f.message}\n  why: ${f.why}${f.fix ? `\n  fix: ${f.fix.label}` : ''}${f.suggestion ? `\n  suggestion: ${f.suggestion}` : ''}`;
  });
  if (format === 'text') {
    const errors = findings.filter((f) => f.severity === 'error').length;
    lines.push(
      findings.length === 0 ? `${file}: no findings.` : `${file}: ${findings.length} finding(s), ${errors} error(s).`,
    );
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
