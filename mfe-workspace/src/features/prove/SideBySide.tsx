import type { TestCase } from '@prompt-perfect/core/api/prove';
import styles from './Prove.module.css';
import type { EvaluationRun } from './proveStore';
import { scoreClass } from './CaseResults';
import { caseScoreText, summaryText } from './scoreText';

/** Your prompt and a version of it on the same cases: the two means, then every case's two scores. */
export function SideBySide({
  original,
  optimized,
  cases,
}: {
  original: EvaluationRun;
  optimized: EvaluationRun;
  cases: TestCase[];
}) {
  const scoreOf = (run: EvaluationRun, id: string) => run.results.find((r) => r.caseId === id);
  return (
    <section className={styles.section} aria-labelledby="ws-prove-compare-title">
      <h3 id="ws-prove-compare-title" className={styles.heading}>
        {original.label} and {optimized.label}, side by side
      </h3>
      <div className={styles.compare}>
        <p className={styles.summary}>
          {original.label}: {original.summary ? summaryText(original.summary) : 'not finished'}
        </p>
        <p className={styles.summary}>
          {optimized.label}: {optimized.summary ? summaryText(optimized.summary) : 'not finished'}
        </p>
      </div>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">
            Scores by case, {original.label} and {optimized.label}
          </caption>
          <thead>
            <tr>
              <th scope="col">Case</th>
              <th scope="col">{original.label}</th>
              <th scope="col">{optimized.label}</th>
            </tr>
          </thead>
          <tbody>
            {cases.map((c, i) => {
              const a = scoreOf(original, c.id);
              const b = scoreOf(optimized, c.id);
              return (
                <tr key={c.id}>
                  <th scope="row" className={styles.caseText}>
                    {i + 1}. {c.input.length > 80 ? `${c.input.slice(0, 80)}…` : c.input}
                  </th>
                  <td className={styles.num}>
                    <span className={a ? scoreClass(a.score) : ''}>{a ? caseScoreText(a.score) : '–'}</span>
                  </td>
                  <td className={styles.num}>
                    <span className={b ? scoreClass(b.score) : ''}>{b ? caseScoreText(b.score) : '–'}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
