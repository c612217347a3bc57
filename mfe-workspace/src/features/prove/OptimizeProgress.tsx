import { ProgressBar } from './ProgressBar';
import styles from './Prove.module.css';
import { heldOutScoreSoFar, type OptimizationRun } from './proveStore';
import { scoreText } from './scoreText';

/** A running optimization: the starting prompt's scoring case by case, then the rounds. */
export function OptimizeProgress({ run }: { run: OptimizationRun }) {
  if (run.startScore === null) {
    if (!run.scoring) {
      return (
        <p className={styles.muted} role="status">
          Scoring your prompt before the first round…
        </p>
      );
    }
    const { done, total } = run.scoring;
    return (
      <ProgressBar
        done={done}
        total={total}
        label="Scoring your prompt"
        text={`Scoring your prompt before the first round: ${done} of ${total} cases judged`}
      />
    );
  }
  const { rounds, limits } = run;
  return (
    <ProgressBar
      done={rounds.length}
      total={limits.maxRounds}
      label="Optimization progress"
      text={`Round ${rounds.length + 1} of ${limits.maxRounds} · held-out score so far ${scoreText(heldOutScoreSoFar(run) ?? run.startScore)}`}
    />
  );
}
