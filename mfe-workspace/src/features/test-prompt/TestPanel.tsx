import { useRef } from 'react';
import { runTest } from '../../state/actions';
import { compareTest } from '../../state/compare';
import { CompareResults } from './CompareResults';
import { stopRun } from '../../state/runs';
import { modelDisplayName } from '@prompt-perfect/core/catalog/modelNames';
import { ResultView } from '@prompt-perfect/shared/ui/result/ResultView';
import { NO_TEST_MODEL_REASON, useTestModel } from '../../state/testModel';
import { TestModelPicker } from './TestModelPicker';
import { useWorkspaceStore } from '../../state/workspaceStore';
import { FailureDetails, FailureLine } from '../../ui/FailureLine';
import { useBringIntoView } from '../../ui/useBringIntoView';
import ui from '../../ui/ui.module.css';
import styles from './TestPanel.module.css';

/** Test Prompt: runs the optimized prompt on a test input with the Test model (a 2-3 sentence answer); offline it cannot run and says why. */
export function TestPanel() {
  const testInput = useWorkspaceStore((s) => s.testInput);
  const testOutput = useWorkspaceStore((s) => s.testOutput);
  const busy = useWorkspaceStore((s) => s.testBusy);
  const testModel = useTestModel();
  const streaming = busy && Boolean(testOutput?.streaming);
  const compareBusy = useWorkspaceStore((s) => s.compareBusy);
  const compareStreaming = useWorkspaceStore(
    (s) => s.compareBusy && Boolean(s.compare?.original?.streaming || s.compare?.optimized?.streaming),
  );
  const set = useWorkspaceStore((s) => s.set);
  const failure = useWorkspaceStore((s) => s.testFailure);
  const outputRef = useRef<HTMLElement>(null);
  useBringIntoView(outputRef, busy);
  return (
    <section className={`${ui.card} ${styles.panel}`} aria-labelledby="ws-test-title">
      <div>
        <h2 id="ws-test-title" className={ui.cardTitle}>
          Test Prompt
        </h2>
        <p className={ui.hint}>
          Try the optimized prompt on a sample input.{testModel && ` Runs on ${modelDisplayName(testModel.model)}.`} The
          answer is 2-3 sentences.
        </p>
      </div>
      <TestModelPicker />
      <div>
        <label htmlFor="ws-test-input" className={ui.label}>
          Test input
        </label>
        <textarea
          id="ws-test-input"
          className={ui.textarea}
          rows={3}
          value={testInput}
          placeholder="A sample question or text the prompt should handle"
          onChange={(e) => set({ testInput: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void runTest();
            }
          }}
        />
      </div>
      <div className={styles.row}>
        <button
          type="button"
          className={ui.primary}
          onClick={() => void runTest()}
          disabled={busy || !testModel}
          aria-busy={busy}
          aria-describedby={testModel ? undefined : 'ws-test-offline'}
        >
          {busy ? 'Testing...' : 'Run Test'}
        </button>
        {streaming && (
          <button type="button" className={ui.button} onClick={() => stopRun('test')}>
            Stop
          </button>
        )}
        <button
          type="button"
          className={ui.button}
          onClick={() => void compareTest()}
          disabled={compareBusy || !testModel}
          aria-busy={compareBusy}
          aria-describedby={testModel ? 'ws-compare-hint' : 'ws-compare-hint ws-test-offline'}
        >
          {compareBusy ? 'Comparing...' : 'Compare'}
        </button>
        {compareStreaming && (
          <button type="button" className={ui.button} onClick={() => stopRun('compare')}>
            Stop comparing
          </button>
        )}
      </div>
      {!testModel && (
        <p id="ws-test-offline" className={ui.hint} data-testid="test-offline-reason">
          {NO_TEST_MODEL_REASON}
        </p>
      )}
      <p id="ws-compare-hint" className="visually-hidden">
        Runs the test input through your original prompt and through the optimized prompt, side by side.
      </p>
      {failure && !busy && <FailureLine failure={failure} onRetry={() => void runTest()} testId="test-run-error" />}
      <section
        ref={outputRef}
        className={styles.output}
        aria-label="Test output"
        aria-live="polite"
        aria-busy={busy}
        data-testid="workspace-test-output"
      >
        {busy && !streaming ? (
          <p className={styles.placeholder}>Testing...</p>
        ) : testOutput ? (
          testOutput.error ? (
            <p className={`${ui.error} ${styles.text}`}>{testOutput.text}</p>
          ) : (
            <>
              {testOutput.stopped && !streaming && (
                <p className={styles.stopped} data-testid="test-output-stopped">
                  <span className={ui.stoppedBadge}>Stopped</span> You stopped this answer before it ended.
                </p>
              )}
              <ResultView text={testOutput.text} model={testOutput.model} streaming={streaming} label="Test output" />
              {testOutput.interruption && (
                <div>
                  <p className={`${ui.error} ${styles.text}`} data-testid="test-output-interruption">
                    {testOutput.interruption}
                  </p>
                  <FailureDetails details={testOutput.details} />
                </div>
              )}
            </>
          )
        ) : (
          <p className={styles.placeholder}>The test answer will appear here.</p>
        )}
      </section>
      <CompareResults />
    </section>
  );
}
