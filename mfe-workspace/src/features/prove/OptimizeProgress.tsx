import { ProgressBar } from './ProgressBar';
import styles from './Prove.module.css';
import { type OptimizationRun, validationScoreSoFar } from './proveStore';
import { scoreText } from './scoreText';

/** A running optimization: the starting prompt's scoring case by case, then the rounds, then the final test. */
export function OptimizeProgress({ run }: { run: OptimizationRun }) {
  if (run.testing) {
    const { done, total } = run.testing;
    return (
      <ProgressBar
        done={done}
        total={total}
        label="Final test"
        text={`Testing on cases never used to choose: ${done} of ${total} answers judged`}
      />
    );
  }
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
      text={`Round ${rounds.length + 1} of ${limits.maxRounds} · validation score so far ${scoreText(validationScoreSoFar(run) ?? run.startScore)}`}
    />
  );
}
