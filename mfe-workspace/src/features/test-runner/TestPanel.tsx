import { runTest } from '../../state/actions';
import { compareTest } from '../../state/compare';
import { CompareResults } from './CompareResults';
import { stopRun } from '../../state/runs';
import { useProvidersStore } from '../../state/providersStore';
import { useWorkspaceStore } from '../../state/workspaceStore';
import ui from '../../ui/ui.module.css';
import styles from './TestPanel.module.css';

/** Test Prompt: runs the optimized prompt on a test input with the server's test model (a 2-3 sentence answer). */
export function TestPanel() {
  const testInput = useWorkspaceStore((s) => s.testInput);
  const testOutput = useWorkspaceStore((s) => s.testOutput);
  const busy = useWorkspaceStore((s) => s.testBusy);
  const testModel = useProvidersStore((s) => s.testModel);
  const streaming = busy && Boolean(testOutput?.streaming);
  const compareBusy = useWorkspaceStore((s) => s.compareBusy);
  const compareStreaming = useWorkspaceStore((s) => s.compareBusy && Boolean(s.compare?.original?.streaming || s.compare?.optimized?.streaming));
  const set = useWorkspaceStore((s) => s.set);
  return (
    <section className={`${ui.card} ${styles.panel}`} aria-labelledby="ws-test-title">
      <div>
        <h2 id="ws-test-title" className={ui.cardTitle}>
          Test Prompt
        </h2>
        <p className={ui.hint}>Try the optimized prompt on a sample input. Runs on OpenAI {testModel}; the answer is 2-3 sentences.</p>
      </div>
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
        <button type="button" className={ui.primary} onClick={() => void runTest()} disabled={busy} aria-busy={busy}>
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
          disabled={compareBusy}
          aria-busy={compareBusy}
          aria-describedby="ws-compare-hint"
        >
          {compareBusy ? 'Comparing...' : 'Compare'}
        </button>
        {compareStreaming && (
          <button type="button" className={ui.button} onClick={() => stopRun('compare')}>
            Stop comparing
          </button>
        )}
      </div>
      <p id="ws-compare-hint" className="visually-hidden">
        Runs the test input through your original prompt and through the optimized prompt, side by side.
      </p>
      <section className={styles.output} aria-label="Test output" aria-live="polite" aria-busy={busy} data-testid="workspace-test-output">
        {busy && !streaming ? (
          <p className={styles.placeholder}>Testing...</p>
        ) : testOutput ? (
          <>
            <p className={testOutput.error ? `${ui.error} ${styles.text}` : styles.text}>{testOutput.text}</p>
            {testOutput.interruption && <p className={`${ui.error} ${styles.text}`}>{testOutput.interruption}</p>}
          </>
        ) : (
          <p className={styles.placeholder}>The test answer will appear here.</p>
        )}
      </section>
      <CompareResults />
    </section>
  );
}
