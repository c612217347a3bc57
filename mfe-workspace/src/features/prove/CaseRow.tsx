import type { TestCase } from '@prompt-perfect/core/api/prove';
import ui from '../../ui/ui.module.css';
import styles from './Prove.module.css';

interface Props {
  testCase: TestCase;
  number: number;
  onChange: (patch: Partial<TestCase>) => void;
  onRemove: () => void;
}

/** One case: its input, the points a good answer holds (optional), and Remove. */
export function CaseRow({ testCase, number, onChange, onRemove }: Props) {
  const id = `ws-prove-case-${testCase.id}`;
  return (
    <li className={styles.case}>
      <div>
        <label htmlFor={`${id}-input`} className={ui.label}>
          Case {number} input
        </label>
        <textarea
          id={`${id}-input`}
          className={ui.textarea}
          rows={2}
          value={testCase.input}
          onChange={(e) => onChange({ input: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${id}-expected`} className={ui.label}>
          <span className="visually-hidden">Case {number} </span>
          Expected points <span className={styles.muted}>(optional)</span>
        </label>
        <textarea
          id={`${id}-expected`}
          className={ui.textarea}
          rows={2}
          placeholder="One per line"
          value={testCase.expected ?? ''}
          onChange={(e) => onChange({ expected: e.target.value })}
        />
      </div>
      <button
        type="button"
        className={`${ui.button} ${ui.small} ${styles.caseRemove}`}
        onClick={onRemove}
        aria-label={`Remove case ${number}`}
      >
        Remove
      </button>
    </li>
  );
}
