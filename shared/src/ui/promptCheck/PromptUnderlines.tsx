/**
 * Wavy underlines under the findings, drawn in place: a layer over the textarea with the same box,
 * font and wrapping, transparent text and only the decorations visible. It ignores the pointer and is
 * hidden from assistive technology (the strip lists the same findings). While the check lags behind
 * the typing, the layer is hidden rather than shown misaligned.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type RefObject } from 'react';
import type { LintFinding, LintSeverity } from '@prompt-perfect/core/lint/index';
import type { PromptCheckResult } from '@prompt-perfect/shared/ui/promptCheck/usePromptCheck';
import styles from './PromptCheck.module.css';

const COPIED = [
  'fontFamily',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'lineHeight',
  'letterSpacing',
  'wordSpacing',
  'textTransform',
  'textIndent',
  'paddingTop',
  'paddingRight',
  'paddingBottom',
  'paddingLeft',
  'borderTopWidth',
  'borderRightWidth',
  'borderBottomWidth',
  'borderLeftWidth',
  'boxSizing',
  'tabSize',
] as const;
const RANK: Record<LintSeverity, number> = { error: 3, warning: 2, info: 1 };

interface Segment {
  /** Where the piece starts in the text (unique: a key for React). */
  start: number;
  text: string;
  severity?: LintSeverity;
}

/** The text cut at every finding boundary; each piece marked with the strongest finding over it. */
export function segments(text: string, findings: LintFinding[]): Segment[] {
  const ranged = findings.filter((f) => f.end > f.start);
  const cuts = [...new Set([0, text.length, ...ranged.flatMap((f) => [f.start, f.end])])].sort((a, b) => a - b);
  const out: Segment[] = [];
  for (let i = 0; i < cuts.length - 1; i++) {
    const [a, b] = [cuts[i], cuts[i + 1]];
    let severity: LintSeverity | undefined;
    for (const f of ranged)
      if (f.start <= a && f.end >= b && (!severity || RANK[f.severity] > RANK[severity])) severity = f.severity;
    out.push({ start: a, text: text.slice(a, b), severity });
  }
  return out;
}

export function PromptUnderlines({
  check,
  current,
  target,
}: {
  check: PromptCheckResult;
  current: string;
  target: RefObject<HTMLTextAreaElement | null>;
}) {
  const layer = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<CSSProperties>({});

  useLayoutEffect(() => {
    const area = target.current;
    if (!area) return;
    const measure = () => {
      const cs = getComputedStyle(area);
      const next: Record<string, string | number> = {};
      for (const key of COPIED) next[key] = cs[key];
      const scrollbar =
        area.offsetWidth - area.clientWidth - parseFloat(cs.borderLeftWidth) - parseFloat(cs.borderRightWidth);
      next.paddingRight = `${parseFloat(cs.paddingRight) + Math.max(0, scrollbar)}px`;
      setBox({
        ...next,
        top: area.offsetTop,
        left: area.offsetLeft,
        width: area.offsetWidth,
        height: area.offsetHeight,
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(area);
    return () => observer.disconnect();
  }, [target]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new check re-renders the layer, whose scroll must follow the textarea again.
  useEffect(() => {
    const area = target.current;
    if (!area) return;
    const sync = () => {
      if (layer.current) layer.current.scrollTop = area.scrollTop;
    };
    sync();
    area.addEventListener('scroll', sync, { passive: true });
    return () => area.removeEventListener('scroll', sync);
  }, [target, check]);

  // Built once per check, not per key: a long prompt's layer is costly to rebuild.
  const content = useMemo(
    () =>
      segments(check.text, check.findings).map((s) =>
        s.severity ? (
          <span key={s.start} className={styles.underline} data-severity={s.severity}>
            {s.text}
          </span>
        ) : (
          s.text
        ),
      ),
    [check],
  );
  const marked = check.findings.some((f) => f.end > f.start);
  if (!marked) return null;
  // Lagging behind the typing: kept but hidden, so catching up does not rebuild it from scratch.
  const lagging = check.text !== current;
  return (
    <div
      ref={layer}
      className={styles.underlines}
      style={lagging ? { ...box, visibility: 'hidden' } : box}
      aria-hidden="true"
      data-testid="prompt-underlines"
      data-lagging={lagging || undefined}
    >
      {content}
      {/* A final newline in a textarea still takes a line: keep the heights equal. */}
      {'\u200b'}
    </div>
  );
}
