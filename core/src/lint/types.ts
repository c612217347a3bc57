/** The prompt linter's contract: findings with offsets into the linted text and optional one-edit fixes. */
import type { LanguageId } from '../catalog/languages';

export const LINT_RULE_IDS = [
  'unresolved-variable',
  'lost-variable',
  'conflicting-constraints',
  'no-output-format',
  'example-format-mismatch',
  'undelimited-input',
  'buried-instruction',
  'vague-quantifier',
  'duplicate-instruction',
  'language-mismatch',
] as const;

export type LintRuleId = (typeof LINT_RULE_IDS)[number];
export type LintSeverity = 'error' | 'warning' | 'info';
/** Who found it: the rules, the model check (core/src/lint/model), or both (a model finding merged into a rule's). */
export type LintSource = 'rules' | 'model' | 'both';

/** Replace text[start, end) with `text`; start === end inserts. */
interface LintFix {
  label: string;
  start: number;
  end: number;
  text: string;
}

export interface LintFinding {
  rule: LintRuleId;
  severity: LintSeverity;
  message: string;
  why: string;
  /** The guidance the rule follows (Anthropic's or OpenAI's prompting guide). */
  guidance: string;
  start: number;
  end: number;
  fix?: LintFix;
  /** Set when the model check took part; absent, the rules alone found it. */
  source?: LintSource;
  /** The model check's suggested fix, in words (a model finding carries no one-edit `fix`). */
  suggestion?: string;
}

export interface LintContext {
  /** The prompt before optimization: its variables must survive (lost-variable). */
  original?: string;
  /** Test values by variable name, when the caller has them (unresolved-variable). */
  variables?: Record<string, string>;
  /**
   * The text is what Test Prompt sends, as written: a variable without a value is then an error, where
   * while writing it is only a note.
   */
  sending?: boolean;
  /** The language the answer is asked in outside the prompt text, e.g. the workspace option. */
  outputLanguage?: LanguageId;
}

/**
 * The rules that are right by construction (a placeholder with no value, a variable the rewrite
 * dropped): only they may be `error`, the severity that fails `prompt-perfect lint`. Every other rule
 * reads language and is wrong some of the time (docs/cli-and-mcp.md lists each one's measured precision).
 */
export const CERTAIN_RULE_IDS = ['unresolved-variable', 'lost-variable'] as const satisfies readonly LintRuleId[];
type CertainRuleId = (typeof CERTAIN_RULE_IDS)[number];

/** A finding before the rule's fixed fields (id, severity, why, guidance) are added; it may lower the severity only. */
export type RawFinding = Pick<LintFinding, 'message' | 'start' | 'end' | 'fix'> & {
  severity?: Exclude<LintSeverity, 'error'>;
};

interface LintRuleBase {
  why: string;
  guidance: string;
  check(text: string, context: LintContext): RawFinding[];
}

export type LintRule =
  | (LintRuleBase & { id: CertainRuleId; severity: LintSeverity })
  | (LintRuleBase & { id: Exclude<LintRuleId, CertainRuleId>; severity: Exclude<LintSeverity, 'error'> });
