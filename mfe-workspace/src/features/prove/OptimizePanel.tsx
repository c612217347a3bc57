import { useEffect } from 'react';
import { useTestModel } from '../../state/testModel';
import { useWorkspaceStore } from '../../state/workspaceStore';
import { useSpaceAllows } from '../../state/space';
import ui from '../../ui/ui.module.css';
import { EstimateLine } from './EstimateLine';
import { LimitsForm, limitProblem } from './LimitsForm';
import { OptimizeProgress } from './OptimizeProgress';
import { PowerLine } from './PowerLine';
import { applyBestVersion, refreshEstimate, startOptimization, stopOptimization } from './optimizeActions';
import styles from './Prove.module.css';
import { useProvedPrompt } from './provedPrompt';
import { useProveStore } from './proveStore';
import { ReportCard } from './ReportCard';
import { saveTestSet } from './testSetActions';

/** Optimize: limits and the estimate first, then Start (and Stop), then the report card. */
export function OptimizePanel({ onUsed }: { onUsed: () => void }) {
  const limits = useProveStore((s) => s.limits);
  const estimate = useProveStore((s) => s.estimate);
  const run = useProveStore((s) => s.optimization);
  const setId = useProveStore((s) => s.setId);
  const dirty = useProveStore((s) => s.dirty);
  const judge = useProveStore((s) => s.judge);
  const runProvider = useWorkspaceStore((s) => s.provider);
  const runModelId = useWorkspaceStore((s) => s.model);
  const tested = useTestModel();
  const cases = useProveStore((s) => s.cases);
  const caseCount = cases.length;
  const prompt = useProvedPrompt();
  const running = run?.status === 'running';
  const unsaved = setId === null || dirty;
  const invalid = (Object.keys(limits) as Array<keyof typeof limits>).some((k) => limitProblem(k, limits[k]) !== null);

  // The estimate follows the limits, the set, the prompt and both models; an invalid form asks nothing.
  const spend = useSpaceAllows('spend');
  const inputs = JSON.stringify([limits, setId, dirty, judge, runProvider, runModelId, tested, prompt]);
  useEffect(() => {
    if (!invalid && inputs) void refreshEstimate();
  }, [inputs, invalid]);

  return (
    <div className={styles.stack}>
      <LimitsForm
        limits={limits}
        disabled={running}
        onChange={(next) => useProveStore.setState({ limits: next, limitsTouched: true })}
      />
      <EstimateLine estimate={estimate} limits={limits} unsaved={unsaved && caseCount > 0} />
      {caseCount > 0 && <PowerLine caseCount={caseCount} budget={estimate.value?.testBudget} />}
      {caseCount === 0 && <p className={styles.muted}>Add test cases in the Test set tab first.</p>}
      <div className={styles.row}>
        {unsaved && caseCount > 0 && (
          <button type="button" className={ui.button} onClick={() => void saveTestSet()} disabled={running}>
            Save test set
          </button>
        )}
        <button
          type="button"
          className={ui.primary}
          onClick={() => void startOptimization()}
          disabled={running || invalid || estimate.status !== 'ready' || !prompt.trim() || !spend.allowed}
          title={spend.reason ?? undefined}
          aria-describedby="ws-prove-start-hint"
        >
          {running ? 'Optimizing…' : 'Start'}
        </button>
        {running && (
          <button type="button" className={ui.button} onClick={stopOptimization}>
            Stop
          </button>
        )}
      </div>
      <p id="ws-prove-start-hint" className={ui.hint}>
        Start runs rounds until a limit is reached; Stop ends it at once and nothing more is billed. A version is called
        better only if it beats your prompt on test cases never used to choose it (95% interval above zero), so a run
        claims a win that is not there less than 5% of the time.
      </p>
      {running && <OptimizeProgress run={run} />}
      {run?.error && (
        <p className={run.status === 'stopped' ? styles.muted : ui.error} role="alert">
          {run.status === 'stopped' ? run.error : `Optimization failed: ${run.error}`}
        </p>
      )}
      {run && (run.rounds.length > 0 || run.status === 'done') && (
        <ReportCard
          run={run}
          cases={cases}
          onUse={(text, historyId) => {
            applyBestVersion(text, historyId);
            onUsed();
          }}
        />
      )}
    </div>
  );
}
