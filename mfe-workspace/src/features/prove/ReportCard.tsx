import type { OptimizationStop } from '@prompt-perfect/core/api/prove';
import ui from '../../ui/ui.module.css';
import { DiffView } from '../history/DiffView';
import styles from './Prove.module.css';
import { heldOutScoreSoFar, type OptimizationRun } from './proveStore';
import { ScoreSparkline } from './ScoreSparkline';
import { diffText, scoreText, tokensText } from './scoreText';

const STOPPED_BY: Record<OptimizationStop, string> = {
  rounds: 'Finished: all rounds done.',
  tokens: 'Stopped at your token limit.',
  cost: 'Stopped at your cost limit.',
  perfect: 'Stopped: every held-out case scored 5.',
  stopped: 'Stopped by you.',
};

/** The kept edits in order, each with the version it changed. */
function keptEdits(run: OptimizationRun) {
  let before = run.prompt;
  return run.rounds.flatMap((r) => {
    if (!r.kept) return [];
    const edit = { round: r.round, before, after: r.candidate, historyId: r.historyId ?? null };
    before = r.candidate;
    return [edit];
  });
}

/** The report card: score per round, kept or rejected with the reason, each kept edit's diff, tokens. */
export function ReportCard({ run, onUse }: { run: OptimizationRun; onUse: (prompt: string, historyId: number | null) => void }) {
  const edits = keptEdits(run);
  const best = edits.at(-1);
  const tokens = run.result?.tokens ?? run.rounds.reduce((sum, r) => sum + r.tokens, 0);
  const endScore = run.result?.endScore ?? heldOutScoreSoFar(run);
  return (
    <section className={styles.section} aria-labelledby="ws-prove-report-title">
      <h3 id="ws-prove-report-title" className={styles.heading}>
        Report card
      </h3>
      {run.startScore !== null && (
        <p className={styles.summary}>
          Held-out score {scoreText(run.startScore)} → {scoreText(endScore ?? run.startScore)} · {tokensText(tokens)} used
          {run.result && <span className={styles.muted}> · {STOPPED_BY[run.result.stoppedBy]}</span>}
        </p>
      )}
      {run.startScore !== null && run.rounds.length > 0 && (
        <div className={styles.section}>
          <ScoreSparkline startScore={run.startScore} rounds={run.rounds} />
          <p className={styles.critique}>Held-out score of the kept version, from the start to the last round (the table has the numbers).</p>
        </div>
      )}
      {run.rounds.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${styles.rounds}`}>
            <caption className="visually-hidden">Rounds of the optimization</caption>
            <thead>
              <tr>
                <th scope="col">Round</th>
                <th scope="col">Score</th>
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
                  <td className={styles.num} data-label="Score">
                    {scoreText(r.candidateScore)}
                    <span className={styles.critique}> vs {r.currentScore.toFixed(1)}</span>
                  </td>
                  <td className={styles.num} data-label="Change">
                    {diffText(r.diffLow, r.diffHigh, r.candidateScore - r.currentScore)}
                  </td>
                  <td data-label="Result">
                    <span className={r.kept ? styles.kept : styles.rejected}>{r.kept ? 'Kept' : 'Rejected'}</span>
                    <p className={styles.critique}>{r.reason}</p>
                  </td>
                  <td className={styles.num} data-label="Tokens">
                    {r.tokens.toLocaleString('en-US')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {edits.map((e) => (
        <details key={e.round} className={styles.section}>
          <summary>What round {e.round} changed</summary>
          <DiffView before={e.before} after={e.after} label={`Changes kept in round ${e.round}`} context={120} />
        </details>
      ))}
      {run.status !== 'running' && (
        <div className={styles.row}>
          {best ? (
            <button type="button" className={ui.primary} onClick={() => onUse(best.after, best.historyId)}>
              Use this version
            </button>
          ) : (
            run.rounds.length > 0 && <p className={styles.muted}>No edit beat the original on the held-out cases; your prompt stays as it is.</p>
          )}
        </div>
      )}
    </section>
  );
}
