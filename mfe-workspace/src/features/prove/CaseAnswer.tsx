import styles from './Prove.module.css';

/** A case's answer, folded under its score and critique: the text exactly as the model wrote it. */
export function CaseAnswer({ answer, label }: { answer: string; label: string }) {
  return (
    <details className={styles.answer}>
      <summary>{label}</summary>
      <pre className={styles.answerText}>{answer || '(empty answer)'}</pre>
    </details>
  );
}
