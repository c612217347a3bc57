import type { OptimizationLimits } from '@prompt-perfect/core/api/prove';
import ui from '../../ui/ui.module.css';
import styles from './Prove.module.css';

const FIELDS: Array<{
  key: keyof OptimizationLimits;
  label: string;
  min: number;
  max: number;
  step: number;
  hint: string;
}> = [
  { key: 'maxRounds', label: 'Rounds', min: 1, max: 20, step: 1, hint: 'Edits tried, one per round.' },
  { key: 'maxTokens', label: 'Max tokens', min: 1_000, max: 5_000_000, step: 1_000, hint: 'All model calls together.' },
  {
    key: 'maxCostUsd',
    label: 'Max cost (USD)',
    min: 0.01,
    max: 100,
    step: 0.01,
    hint: 'From the models’ list prices.',
  },
];

/** Whether a limit is a number in range; the form shows why not beside the field. */
export function limitProblem(key: keyof OptimizationLimits, value: number): string | null {
  const field = FIELDS.find((f) => f.key === key);
  if (!field) return null;
  if (!Number.isFinite(value) || value < field.min || value > field.max)
    return `${field.label}: between ${field.min} and ${field.max.toLocaleString('en-US')}.`;
  if (key === 'maxRounds' && !Number.isInteger(value)) return 'Rounds: a whole number.';
  return null;
}

/** The hard stops: the run ends at whichever is reached first (or at Stop). */
export function LimitsForm({
  limits,
  disabled,
  onChange,
}: {
  limits: OptimizationLimits;
  disabled: boolean;
  onChange: (limits: OptimizationLimits) => void;
}) {
  return (
    <fieldset className={styles.fieldGrid} disabled={disabled}>
      <legend className={ui.label}>Limits</legend>
      {FIELDS.map((f) => {
        const problem = limitProblem(f.key, limits[f.key]);
        const id = `ws-prove-limit-${f.key}`;
        return (
          <div key={f.key}>
            <label htmlFor={id} className={ui.label}>
              {f.label}
            </label>
            <input
              id={id}
              className={ui.input}
              type="number"
              inputMode="decimal"
              min={f.min}
              max={f.max}
              step={f.step}
              value={Number.isNaN(limits[f.key]) ? '' : limits[f.key]}
              onChange={(e) =>
                onChange({ ...limits, [f.key]: e.target.value === '' ? Number.NaN : Number(e.target.value) })
              }
              aria-invalid={problem !== null}
              aria-describedby={`${id}-hint`}
            />
            <p id={`${id}-hint`} className={`${ui.hint} ${problem ? ui.error : ''}`}>
              {problem ?? f.hint}
            </p>
          </div>
        );
      })}
    </fieldset>
  );
}
