import type { TestCase, TestVerdict } from '@prompt-perfect/core/api/prove';
import { CaseAnswer } from './CaseAnswer';
import { scoreClass } from './CaseResults';
import styles from './Prove.module.css';
import { caseScoreText } from './scoreText';

/** The test cases, judged only at the end: each case's score, critique and answer for your prompt and the final version. */
export function TestVerdictView({ verdict, cases }: { verdict: TestVerdict; cases: TestCase[] }) {
  const finalName = verdict.version === 0 ? 'Your prompt' : `Version ${verdict.version}`;
  const numberOf = new Map(cases.map((c, i) => [c.id, { input: c.input, number: i + 1 }]));
  const finalOf = new Map(verdict.finalResults.map((r) => [r.caseId, r]));
  return (
    <details className={styles.section}>
      <summary>Answers on the {verdict.difference.n} test cases</summary>
      <ol className={styles.results} aria-label="Test cases: your prompt and the final version">
        {verdict.startResults.map((start) => {
          const c = numberOf.get(start.caseId);
          const final = finalOf.get(start.caseId);
          const sides =
            verdict.version === 0 || !final
              ? [['Your prompt', start] as const]
              : ([['Your prompt', start] as const, [finalName, final] as const] as const);
          return (
            <li key={start.caseId} className={styles.result}>
              <p className={styles.caseText}>{c ? `Case ${c.number}: ${c.input}` : start.caseId}</p>
              {sides.map(([name, r]) => (
                <div key={name}>
                  <p className={styles.critique}>
                    <span className={`${styles.score} ${scoreClass(r.score)}`}>
                      {name}: {caseScoreText(r.score)}
                    </span>{' '}
                    {r.critique}
                  </p>
                  <CaseAnswer answer={r.answer} label={`${name}: answer`} />
                </div>
              ))}
            </li>
          );
        })}
      </ol>
    </details>
  );
}
