import { EVALUATION_CONCURRENCY } from '@prompt-perfect/core/api/prove';
import { useSpaceAllows } from '../../state/space';
import ui from '../../ui/ui.module.css';
import { evaluate, stopEvaluation } from './evaluateActions';
import { EvaluationView } from './EvaluationView';
import { JudgePicker } from './JudgePicker';
import { useProvedPrompt } from './provedPrompt';
import styles from './Prove.module.css';
import { useProveStore, versionCount } from './proveStore';
import { SideBySide } from './SideBySide';

/** Evaluate: the judge, Evaluate buttons for your prompt (and the optimization's last version once there is one), results. */
export function EvaluatePanel() {
  const cases = useProveStore((s) => s.cases);
  const prompt = useProvedPrompt();
  const { original, optimized } = useProveStore((s) => s.evaluations);
  const versions = useProveStore((s) => versionCount(s.optimization));
  const running = original?.status === 'running' || optimized?.status === 'running';
  const noCases = cases.length === 0;
  const may = useSpaceAllows('spend');
  const status = [original, optimized].find((r) => r && r.status === 'done' && r.summary);

  return (
    <div className={styles.stack}>
      <JudgePicker />
      <div className={styles.row}>
        <button
          type="button"
          className={ui.primary}
          onClick={() => void evaluate('original')}
          disabled={running || noCases || !prompt.trim() || !may.allowed}
          title={may.reason ?? undefined}
        >
          {original?.status === 'running' ? 'Evaluating…' : 'Evaluate prompt'}
        </button>
        {versions > 0 && (
          <button
            type="button"
            className={ui.button}
            onClick={() => void evaluate('optimized')}
            disabled={running || noCases || !may.allowed}
            title={may.reason ?? undefined}
          >
            {optimized?.status === 'running' ? 'Evaluating…' : `Evaluate version ${versions}`}
          </button>
        )}
        {running && (
          <button type="button" className={ui.button} onClick={stopEvaluation}>
            Stop
          </button>
        )}
      </div>
      <p className={ui.hint}>
        Each case runs on the prompt, then the judge scores the answer from 1 to 5 with a one-line critique. Cases run{' '}
        {EVALUATION_CONCURRENCY} at a time, so they may finish out of order.
      </p>
      {noCases && <p className={styles.muted}>Add test cases in the Test set tab first.</p>}
      {!noCases && !prompt.trim() && <p className={styles.muted}>Write a prompt (or run Perfect) to evaluate it.</p>}
      <p className="visually-hidden" role="status" aria-live="polite">
        {!running && status?.summary ? 'Evaluation finished.' : ''}
      </p>
      {original && optimized?.summary && original.summary && (
        <SideBySide original={original} optimized={optimized} cases={cases} />
      )}
      {original && (
        <EvaluationView run={original} title={original.label} cases={cases} stale={original.prompt !== prompt} />
      )}
      {optimized && <EvaluationView run={optimized} title={optimized.label} cases={cases} />}
    </div>
  );
}
