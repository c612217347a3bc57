import type { CaseResult, TestCase } from '@prompt-perfect/core/api/prove';
import styles from './Prove.module.css';
import { CaseAnswer } from './CaseAnswer';
import { caseScoreText } from './scoreText';

export const scoreClass = (score: number) => (score <= 2 ? styles.low : score >= 4 ? styles.high : '');

/** The judged cases in arrival order: score, the case's input, the judge's one-line critique and the answer, folded. */
export function CaseResults({ results, cases, label }: { results: CaseResult[]; cases: TestCase[]; label: string }) {
  const inputOf = new Map(cases.map((c, i) => [c.id, { input: c.input, number: i + 1 }]));
  return (
    <ol className={styles.results} aria-label={label}>
      {results.map((r) => {
        const c = inputOf.get(r.caseId);
        return (
          <li key={r.caseId} className={styles.result}>
            <span className={`${styles.score} ${scoreClass(r.score)}`}>
              <span className="visually-hidden">Score </span>
              {caseScoreText(r.score)}
            </span>
            <p className={styles.caseText}>
              {c ? `Case ${c.number}: ` : ''}
              {c?.input ?? r.caseId}
            </p>
            <p className={styles.critique}>{r.critique}</p>
            <CaseAnswer answer={r.answer} label={`Answer${c ? ` to case ${c.number}` : ''}`} />
          </li>
        );
      })}
    </ol>
  );
}
