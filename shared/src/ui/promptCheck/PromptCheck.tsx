/**
 * The "Prompt check" strip under a prompt box: a count, then each finding with its message, a "Why?"
 * disclosure (with the guidance it follows) and a Fix button where the finding has a fix. Fix first
 * shows what it will change; Apply edits the prompt box through the browser, so Ctrl+Z undoes it.
 * With two or more fixes, "Fix all" makes them in one edit (one Ctrl+Z takes them back).
 * A model check's findings (for the text they were made for) are merged in, each tagged "model".
 */
import { memo, type ReactNode, useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { applyFix, combinedFix } from '@prompt-perfect/core/lint/text';
import type { LintFinding } from '@prompt-perfect/core/lint/index';
import { mergeFindings } from '@prompt-perfect/core/lint/model/merge';
import type { PromptCheckResult } from '@prompt-perfect/shared/ui/promptCheck/usePromptCheck';
import { applyFixInBox } from './applyFixInBox';
import { FixPreview } from './FixPreview';
import styles from './PromptCheck.module.css';

interface Props {
  check: PromptCheckResult;
  /** The text in the box now; Fix waits until the check has caught up with it. */
  current: string;
  /** Receives the whole fixed text, unless the fix went through `target` (whose change handler then has it). */
  onFix: (next: string) => void;
  /** The prompt box the fixes edit: through the browser's editing, so its undo history keeps them. */
  target?: RefObject<HTMLTextAreaElement | null>;
  title?: string;
  /** What is checked, for the count: "your prompt", "the optimized prompt". */
  subject?: string;
  /** The strip's heading level in the page's outline (3 under a card's h2). */
  headingLevel?: 2 | 3;
  /** A model check's findings and the text they are for: shown only while the check is of that text. */
  model?: { text: string; findings: readonly LintFinding[] };
  /** The model check's button and status, under the count. */
  modelControl?: ReactNode;
}

const SEVERITY_LABEL = { error: 'Error', warning: 'Warning', info: 'Tip' } as const;
const SOURCE_LABEL = { model: 'model', both: 'rules + model' } as const;
const EXCERPT_MAX = 60;

function excerpt(text: string, f: LintFinding): string {
  const piece = text.slice(f.start, f.end).replace(/\s+/g, ' ').trim();
  return piece.length > EXCERPT_MAX ? `${piece.slice(0, EXCERPT_MAX - 1)}…` : piece;
}

function countLabel(n: number): string {
  return n === 0 ? 'No issues found' : n === 1 ? '1 finding' : `${n} findings`;
}

interface ListProps {
  findings: LintFinding[];
  text: string;
  stale: boolean;
  onFix: (f: LintFinding) => void;
  listRef: RefObject<HTMLUListElement | null>;
  subject: string;
}

const findingKey = (f: LintFinding) => `${f.rule}:${f.start}:${f.end}:${f.message}`;

/** Re-rendered only when the findings change or the check falls behind the typing, not on every key. */
const FindingList = memo(function FindingList({ findings, text, stale, onFix, listRef, subject }: ListProps) {
  const [previewing, setPreviewing] = useState<string | null>(null);
  return (
    <ul className={styles.list} ref={listRef} tabIndex={-1} aria-label={`Findings in ${subject}`}>
      {findings.map((f) => (
        <li key={findingKey(f)} className={styles.finding} data-severity={f.severity} data-rule={f.rule}>
          <div className={styles.line}>
            <span className={styles.severity}>{SEVERITY_LABEL[f.severity]}</span>
            {f.source && f.source !== 'rules' && (
              <span className={styles.source} data-source={f.source}>
                {SOURCE_LABEL[f.source]}
              </span>
            )}
            <span className={styles.message}>
              {f.message}
              {f.end > f.start && <q className={styles.excerpt}>{excerpt(text, f)}</q>}
              {f.suggestion && <span className={styles.suggestion}>Suggestion: {f.suggestion}</span>}
            </span>
            {f.fix && (
              <button
                type="button"
                className={styles.fix}
                onClick={() => setPreviewing(previewing === findingKey(f) ? null : findingKey(f))}
                disabled={stale}
                aria-expanded={previewing === findingKey(f)}
                aria-label={`Fix: ${f.fix.label}`}
              >
                Fix
              </button>
            )}
          </div>
          {f.fix && previewing === findingKey(f) && (
            <FixPreview
              text={text}
              fix={f.fix}
              stale={stale}
              onApply={() => {
                setPreviewing(null);
                onFix(f);
              }}
              onCancel={() => setPreviewing(null)}
            />
          )}
          <details className={styles.why}>
            <summary>Why?</summary>
            <p>{f.why}</p>
            <p>
              <a href={f.guidance} target="_blank" rel="noreferrer">
                The guidance this follows
              </a>{' '}
              <span className={styles.rule}>({f.rule})</span>
            </p>
          </details>
        </li>
      ))}
    </ul>
  );
});

export function PromptCheck({
  check,
  current,
  onFix,
  target,
  title = 'Prompt check',
  subject = 'your prompt',
  headingLevel = 3,
  model,
  modelControl,
}: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const listRef = useRef<HTMLUListElement>(null);
  const stale = check.text !== current;
  const edit = (change: { start: number; end: number; text: string } | null | undefined) => {
    if (!change || stale) return;
    const next = applyFix(check.text, change);
    const box = target?.current;
    if (box && box.value === check.text && applyFixInBox(box, change, next)) {
      // The box has the edit (and focus, so Ctrl+Z undoes it); its change handler has told the owner.
      return;
    }
    onFix(next);
    // The button goes away with its finding: keep keyboard focus in the strip.
    listRef.current?.focus();
  };
  // One function for the list's whole life, calling the latest `fix`: typing does not re-render the list.
  const fix = (f: LintFinding) => edit(f.fix);
  const latestFix = useRef(fix);
  useLayoutEffect(() => {
    latestFix.current = fix;
  });
  const stableFix = useCallback((f: LintFinding) => latestFix.current(f), []);
  const findings = useMemo(
    () =>
      model && model.text === check.text ? mergeFindings(check.text, check.findings, model.findings) : check.findings,
    [check, model],
  );
  if (!current.trim()) return null;
  // Before the first check of this text there is nothing to report yet, not "no issues".
  const pending = check.text === '';
  const fixes = findings.flatMap((f) => (f.fix ? [f.fix] : []));

  return (
    <section className={styles.strip} aria-label={`${title} of ${subject}`} data-testid="prompt-check">
      <div className={styles.head}>
        <Heading className={styles.title}>{title}</Heading>
        <span
          className={styles.badge}
          data-count={pending ? undefined : findings.length}
          aria-live="polite"
          aria-atomic="true"
        >
          {!pending && <span className="visually-hidden">{`${title} of ${subject}: `}</span>}
          {pending ? 'Checking…' : countLabel(findings.length)}
        </span>
        {fixes.length > 1 && (
          <button
            type="button"
            className={`${styles.fix} ${styles.fixAll}`}
            onClick={() => edit(combinedFix(check.text, fixes))}
            disabled={stale}
          >
            Fix all ({fixes.length})
          </button>
        )}
      </div>
      {modelControl}
      {findings.length > 0 && (
        <FindingList
          findings={findings}
          text={check.text}
          stale={stale}
          onFix={stableFix}
          listRef={listRef}
          subject={subject}
        />
      )}
    </section>
  );
}
