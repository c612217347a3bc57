import type { OptimizationStop, TestCase } from '@prompt-perfect/core/api/prove';
import ui from '../../ui/ui.module.css';
import { DiffView } from '../history/lazy';
import styles from './Prove.module.css';
import { type OptimizationRun, validationScoreSoFar, versionCount } from './proveStore';
import { ScoreSparkline } from './ScoreSparkline';
import { diffText, scoreText, tokensText } from './scoreText';
import { TestVerdictView } from './TestVerdictView';

const STOPPED_BY: Record<OptimizationStop, string> = {
  rounds: 'Finished: all rounds done.',
  tokens: 'Stopped at your token limit.',
  cost: 'Stopped at your cost limit.',
  perfect: 'Stopped: every validation case scored 5.',
  stopped: 'Stopped by you.',
};

/** The headline: the final version against your prompt on the test cases, or why there is none. */
function Headline({ run }: { run: OptimizationRun }) {
  const result = run.result;
  if (!result) return null;
  if (!result.test)
    return (
      <p className={styles.summary}>Stopped before the final test, so no claim is made: your prompt stays as it is.</p>
    );
  const { test } = result;
  return (
    <p className={styles.summary} data-testid="prove-headline">
      <strong>
        {test.confirmed
          ? `Version ${test.version} is better.`
          : test.version === 0
            ? 'No better version found.'
            : `Version ${test.version} is not proven better.`}
      </strong>{' '}
      {test.reason}
      {test.budget && (
        <span className={test.budget.tooStrict ? styles.warning : undefined} data-testid="prove-test-budget">
          {' '}
          {test.budget.note}
        </span>
      )}
    </p>
  );
}

/** The report card: the test-split headline, then every round with its validation figures, reason and diff. */
export function ReportCard({
  run,
  cases,
  onUse,
}: {
  run: OptimizationRun;
  cases: TestCase[];
  onUse: (prompt: string, historyId: number | null) => void;
}) {
  const tokens = run.result?.tokens ?? run.rounds.reduce((sum, r) => sum + r.tokens, 0);
  const validationEnd = run.result?.validationEnd ?? validationScoreSoFar(run);
  const test = run.result?.test;
  const confirmed = test?.confirmed ? run.rounds.findLast((r) => r.kept) : undefined;
  return (
    <section className={styles.section} aria-labelledby="ws-prove-report-title">
      <h3 id="ws-prove-report-title" className={styles.heading}>
        Report card
      </h3>
      <Headline run={run} />
      {run.startScore !== null && (
        <p className={styles.muted}>
          Validation score {scoreText(run.startScore)} → {scoreText(validationEnd ?? run.startScore)} (these cases chose
          the edits, so this figure flatters them) · {tokensText(tokens)} used
          {run.result && <> · {STOPPED_BY[run.result.stoppedBy]}</>}
        </p>
      )}
      {run.startScore !== null && run.rounds.length > 0 && (
        <div className={styles.section}>
          <ScoreSparkline startScore={run.startScore} rounds={run.rounds} />
          <p className={styles.critique}>
            Validation score of the current version, from the start to the last round (the table has the numbers).
          </p>
        </div>
      )}
      {run.rounds.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${styles.rounds}`}>
            <caption className="visually-hidden">Rounds of the optimization</caption>
            <thead>
              <tr>
                <th scope="col">Round</th>
                <th scope="col">Validation score</th>
                <th scope="col">Change</th>
                <th scope="col">Result</th>
                <th scope="col">Tokens</th>
              </tr>
            </thead>
            <tbody>
              {run.rounds.map((r) => (
                <tr key={r.round}>
                  <th scope="row" className={styles.num} data-label="Round">
                    {r.round}
                  </th>
                  <td className={styles.num} data-label="Validation score">
                    {scoreText(r.candidateScore)}
                    <span className={styles.critique}> vs {scoreText(r.currentScore)}</span>
                  </td>
                  <td className={styles.num} data-label="Change">
                    {diffText(r.diffLow, r.diffHigh, r.candidateScore - r.currentScore, 80)}
                  </td>
                  <td data-label="Result">
                    <span className={r.kept ? styles.kept : styles.rejected}>{r.kept ? 'Passed' : 'Rejected'}</span>
                    <p className={styles.critique}>{r.reason}</p>
                  </td>
                  <td className={styles.num} data-label="Tokens">
                    {r.tokens.toLocaleString('en-US')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className={styles.critique} data-testid="prove-interval-meaning">
            What “80% CI” means: the change in score, on these validation cases, lies in that range with 80% certainty
            (a wider range means less certainty). A round passes only when the whole range is above zero.
          </p>
        </div>
      )}
      {run.rounds.map((r) => (
        <details key={r.round} className={styles.section}>
          <summary>
            What round {r.round} proposed ({r.kept ? 'passed' : 'rejected'})
          </summary>
          <p className={styles.critique}>{r.reason}</p>
          <DiffView
            before={r.previous}
            after={r.candidate}
            label={`Changes proposed in round ${r.round}`}
            context={120}
          />
        </details>
      ))}
      {test && <TestVerdictView verdict={test} cases={cases} />}
      {run.status !== 'running' && confirmed && (
        <div className={styles.row}>
          <button
            type="button"
            className={ui.primary}
            onClick={() => onUse(confirmed.candidate, confirmed.historyId ?? null)}
          >
            Use version {versionCount(run)}
          </button>
        </div>
      )}
    </section>
  );
}
