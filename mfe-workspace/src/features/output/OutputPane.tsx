import { type ReactNode, useRef } from 'react';
import { COPY_STATUS_TEXT, type CopyState, useClipboardCopy } from '@prompt-perfect/shared/ui/useClipboardCopy';
import { modelDisplayName } from '@prompt-perfect/core/catalog/modelNames';
import { MSG } from '@prompt-perfect/core/messages';
import { WaitingLine } from '@prompt-perfect/shared/ui/waiting/WaitingLine';
import { perfect } from '../../state/actions';
import { HistoryPanel } from '../history';
import { ProvePanel } from '../prove';
import { PromptsPanel } from '../prompts';
import { SaveAsButton } from '../prompts';
import { saveFavorite } from '@prompt-perfect/shared/account/accountActions';
import { isFavorited, useFavoritesStore } from '@prompt-perfect/shared/stores/favoritesStore';
import { stopRun } from '../../state/runs';
import { isOutOfDate, type RunFailure, useWorkspaceStore, type ResultText } from '../../state/workspaceStore';
import { FailureDetails, FailureLine } from '../../ui/FailureLine';
import { useBringIntoView } from '../../ui/useBringIntoView';
import { StoppedOutput, STOPPED_STATUS } from './StoppedOutput';
import { StarIcon, StopIcon } from '../../ui/icons';
import ui from '../../ui/ui.module.css';
import { ResultView, usePrefetchMarkdown } from '@prompt-perfect/shared/ui/result/ResultView';
import { OutputCheck } from '../prompt-check';
import styles from './Output.module.css';

const READY_MESSAGE = 'Your optimized prompt is ready.';

/**
 * What a screen reader hears when a run ends: a short line, not the whole prompt. Empty while a
 * run is busy, so two results in a row are both announced.
 */
function runStatus(
  output: ResultText | null,
  busy: boolean,
  failure: RunFailure | null,
  stopped: ResultText | null,
): string {
  if (busy) return '';
  if (failure) return failure.message;
  if (stopped) return STOPPED_STATUS;
  if (!output) return '';
  if (output.interruption) return output.interruption;
  return output.error ? output.text : READY_MESSAGE;
}

/** What "Save as…" keeps: the result and how it was made. */
function savedVersion() {
  const s = useWorkspaceStore.getState();
  return {
    text: s.output?.text ?? '',
    technique: s.technique,
    provider: s.provider,
    model: s.model,
    options: { language: s.language, tone: s.tone },
  };
}

/** Keeps the shown result, and how it was made, as a favorite. */
function favoriteShownResult() {
  const s = useWorkspaceStore.getState();
  if (!s.output) return;
  saveFavorite({
    originalPrompt: s.outputSource,
    optimizedPrompt: s.output.text,
    technique: s.technique,
    language: s.language,
    tone: s.tone,
  });
}

interface ActionsProps {
  hasResult: boolean;
  favorited: boolean;
  copied: CopyState;
  onCopy: () => void;
  continueBuilding: ReactNode;
}

/** Stop, Copy, Favorite, Save as… and the panels that work on the result. */
function OutputActions({ hasResult, favorited, copied, onCopy, continueBuilding }: ActionsProps) {
  const busy = useWorkspaceStore((s) => s.busy);
  const continueBusy = useWorkspaceStore((s) => s.continueBusy);
  return (
    <div className={styles.actions}>
      {(busy || continueBusy) && (
        <button
          type="button"
          className={`${ui.button} ${ui.small} ${styles.stop}`}
          onClick={() => stopRun(busy ? 'perfect' : 'continue')}
        >
          <StopIcon />
          Stop
        </button>
      )}
      <button type="button" className={`${ui.button} ${ui.small}`} onClick={onCopy} disabled={!hasResult}>
        {copied === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <button
        type="button"
        className={`${ui.button} ${ui.small} ${styles.favorite}`}
        onClick={() => hasResult && !favorited && favoriteShownResult()}
        disabled={!hasResult}
        aria-pressed={favorited}
        data-favorited={favorited}
      >
        <StarIcon filled={favorited} />
        {favorited ? MSG.favorited : 'Favorite'}
      </button>
      <SaveAsButton version={savedVersion} disabled={!hasResult} />
      <HistoryPanel />
      <PromptsPanel />
      <ProvePanel />
      {continueBuilding}
    </div>
  );
}

/** The result itself: waiting line, placeholder, error, or the formatted (maybe streaming) prompt. */
function OutputBody({ output, streaming }: { output: ResultText | null; streaming: boolean }) {
  const busy = useWorkspaceStore((s) => s.busy);
  const model = useWorkspaceStore((s) => s.model);
  if (busy && !streaming) {
    return (
      <p className={styles.placeholder}>
        <WaitingLine modelName={modelDisplayName(model)} />
      </p>
    );
  }
  if (!output) return <p className={styles.placeholder}>Your optimized prompt will appear here.</p>;
  if (output.error) return <p className={`${ui.error} ${styles.errorText}`}>{output.text}</p>;
  return (
    <>
      <ResultView text={output.text} model={output.model} streaming={streaming} label="Output" />
      {output.interruption && (
        <div className={styles.interruption}>
          <p className={ui.error} data-testid="workspace-output-interruption">
            {output.interruption}
          </p>
          <FailureDetails details={output.details} />
        </div>
      )}
    </>
  );
}

/** The optimized prompt (formatted) or the 'Error: ...' text, with Copy, Favorite and a slot for Continue Building. */
export function OutputPane({ continueBuilding }: { continueBuilding: ReactNode }) {
  const output = useWorkspaceStore((s) => s.output);
  const busy = useWorkspaceStore((s) => s.busy);
  const continueBusy = useWorkspaceStore((s) => s.continueBusy);
  const source = useWorkspaceStore((s) => s.outputSource);
  const failure = useWorkspaceStore((s) => s.runFailure);
  const stopped = useWorkspaceStore((s) => s.stoppedOutput);
  const outOfDate = useWorkspaceStore((s) => !s.busy && isOutOfDate(s));
  const running = busy || continueBusy;
  const streaming = Boolean(output?.streaming && running);
  const pane = useRef<HTMLElement>(null);
  useBringIntoView(pane, running);
  const hasResult = Boolean(output && !output.error && output.text && !streaming);
  const favorited = useFavoritesStore(
    (s) => hasResult && output !== null && isFavorited(s.favorites, source, output.text),
  );
  const { state: copied, copy } = useClipboardCopy(output?.text);
  usePrefetchMarkdown(useWorkspaceStore((s) => s.input.trim() !== ''));

  return (
    <section ref={pane} className={`${ui.card} ${styles.pane}`} aria-labelledby="ws-output-title">
      <div className={styles.header}>
        <h2 id="ws-output-title" className={ui.cardTitle}>
          Optimized prompt
        </h2>
        <OutputActions
          hasResult={hasResult}
          favorited={favorited}
          copied={copied}
          onCopy={() => void copy()}
          continueBuilding={continueBuilding}
        />
      </div>
      <p
        role="status"
        className={copied === 'failed' ? `${ui.error} ${styles.copyFailed}` : 'visually-hidden'}
        data-testid="workspace-copy-status"
      >
        {copied !== 'idle' && COPY_STATUS_TEXT[copied]}
      </p>
      {/* Announce a short line, not the whole (possibly long) prompt after every run. */}
      {/* aria-live explicitly too: a modal (Continue Building) hides the page but not live regions. */}
      <p role="status" aria-live="polite" className="visually-hidden" data-testid="workspace-run-status">
        {runStatus(output, running, failure, stopped)}
      </p>
      {failure && !busy && (
        <FailureLine failure={failure} onRetry={() => void perfect()} testId="workspace-run-error" />
      )}
      {outOfDate && (
        <p className={styles.outOfDate} data-testid="workspace-output-out-of-date">
          Made from an earlier prompt: your prompt or options changed since. Press Perfect to update it.
        </p>
      )}
      <section
        className={styles.body}
        aria-label="Output"
        aria-busy={busy || streaming}
        tabIndex={output ? 0 : -1}
        data-testid="workspace-output"
        data-streaming={streaming}
      >
        <OutputBody output={output} streaming={streaming} />
      </section>
      {stopped && !running && <StoppedOutput stopped={stopped} hasEarlier={Boolean(output && !output.error)} />}
      {hasResult && output && <OutputCheck text={output.text} />}
    </section>
  );
}
