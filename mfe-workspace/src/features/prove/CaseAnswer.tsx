import { ResultView } from '@prompt-perfect/shared/ui/result/ResultView';
import styles from './Prove.module.css';

/** A case's answer, folded under its score and critique, in the result view every answer uses (Preview or Raw). */
export function CaseAnswer({ answer, label }: { answer: string; label: string }) {
  return (
    <details className={styles.answer}>
      <summary>{label}</summary>
      <div className={styles.answerText}>
        {answer ? <ResultView text={answer} label={label} testId="case-answer" /> : '(empty answer)'}
      </div>
    </details>
  );
}
