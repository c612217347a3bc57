import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { COPY_STATUS_TEXT, useClipboardCopy } from '@prompt-perfect/shared/ui/useClipboardCopy';
import { modelDisplayName } from '@prompt-perfect/core/catalog/modelNames';
import { MSG, tryAgainIn } from '@prompt-perfect/core/messages';
import { WaitingLine } from '@prompt-perfect/shared/ui/waiting/WaitingLine';
import { perfect } from '../../state/actions';
import { HistoryPanel } from '../history';
import { ProvePanel } from '../prove';
import { PromptsPanel } from '../prompts';
import { SaveAsButton } from '../prompts';
import { saveFavorite } from '@prompt-perfect/shared/account/accountActions';
import { isFavorited, useFavoritesStore } from '@prompt-perfect/shared/stores/favoritesStore';
import { stopRun } from '../../state/runs';
import { type RunFailure, useWorkspaceStore, type ResultText } from '../../state/workspaceStore';
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
function runStatus(output: ResultText | null, busy: boolean, failure: RunFailure | null): string {
  if (busy) return '';
  if (failure) return failure.message;
  if (!output) return '';
  if (output.interruption) return output.interruption;
  return output.error ? output.text : READY_MESSAGE;
}

/**
 * Below 1280 px the output is under the prompt box: when a run starts, it is brought into view so
 * the streaming text and any error are seen (instantly when the user asks for reduced motion).
 */
function useScrollIntoViewOnRun(pane: RefObject<HTMLElement | null>, running: boolean) {
  useEffect(() => {
    const el = pane.current;
    if (!running || !el || typeof window === 'undefined' || window.matchMedia?.('(min-width: 1280px)').matches) return;
    const { top, bottom } = el.getBoundingClientRect();
    if (top >= 0 && bottom <= window.innerHeight) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  }, [pane, running]);
}

/** The optimized prompt (formatted) or the 'Error: ...' text, with Copy, Favorite and a slot for Continue Building. */
export function OutputPane({ continueBuilding }: { continueBuilding: ReactNode }) {
  const output = useWorkspaceStore((s) => s.output);
  const busy = useWorkspaceStore((s) => s.busy);
  const continueBusy = useWorkspaceStore((s) => s.continueBusy);
  const source = useWorkspaceStore((s) => s.outputSource);
  const failure = useWorkspaceStore((s) => s.runFailure);
  const model = useWorkspaceStore((s) => s.model);
  const running = busy || continueBusy;
  const streaming = Boolean(output?.streaming && running);
  const pane = useRef<HTMLElement>(null);
  useScrollIntoViewOnRun(pane, running);
  const hasResult = Boolean(output && !output.error && output.text && !streaming);
  const favorited = useFavoritesStore((s) => hasResult && output !== null && isFavorited(s.favorites, source, output.text));
  const { state: copied, copy } = useClipboardCopy(output?.text);
  usePrefetchMarkdown(useWorkspaceStore((s) => s.input.trim() !== ''));

  /** What "Save as…" keeps: the result and how it was made. */
  const savedVersion = () => {
    const s = useWorkspaceStore.getState();
    return {
      text: s.output?.text ?? '',
      technique: s.technique,
      provider: s.provider,
      model: s.model,
      options: { language: s.language, tone: s.tone },
    };
  };

  const favorite = () => {
    if (!hasResult || favorited) return;
    const s = useWorkspaceStore.getState();
    if (!s.output) return;
    saveFavorite({
      originalPrompt: s.outputSource,
      optimizedPrompt: s.output.text,
      technique: s.technique,
      language: s.language,
      tone: s.tone,
    });
  };

  return (
    <section ref={pane} className={`${ui.card} ${styles.pane}`} aria-labelledby="ws-output-title">
      <div className={styles.header}>
        <h2 id="ws-output-title" className={ui.cardTitle}>
          Optimized prompt
        </h2>
        <div className={styles.actions}>
          {running && (
            <button type="button" className={`${ui.button} ${ui.small} ${styles.stop}`} onClick={() => stopRun(busy ? 'perfect' : 'continue')}>
              <StopIcon />
              Stop
            </button>
          )}
          <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => void copy()} disabled={!hasResult}>
            {copied === 'copied' ? 'Copied' : 'Copy'}
          </button>
          <button
            type="button"
            className={`${ui.button} ${ui.small} ${styles.favorite}`}
            onClick={favorite}
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
      </div>
      <p role="status" className={copied === 'failed' ? `${ui.error} ${styles.copyFailed}` : 'visually-hidden'} data-testid="workspace-copy-status">
        {copied !== 'idle' && COPY_STATUS_TEXT[copied]}
      </p>
      {/* Announce a short line, not the whole (possibly long) prompt after every run. */}
      {/* aria-live explicitly too: a modal (Continue Building) hides the page but not live regions. */}
      <p role="status" aria-live="polite" className="visually-hidden" data-testid="workspace-run-status">
        {runStatus(output, running, failure)}
      </p>
      {failure && !busy && (
        <div className={styles.failure} data-testid="workspace-run-error">
          <p className={`${ui.error} ${styles.errorText}`}>
            {failure.message}
            {failure.retryAfterSeconds !== undefined && ` ${tryAgainIn(failure.retryAfterSeconds)}`}
          </p>
          <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => void perfect()}>
            Retry
          </button>
        </div>
      )}
      <section
        className={styles.body}
        aria-label="Output"
        aria-busy={busy || streaming}
        tabIndex={output ? 0 : -1}
        data-testid="workspace-output"
        data-streaming={streaming}
      >
        {busy && !streaming ? (
          <p className={styles.placeholder}>
            <WaitingLine modelName={modelDisplayName(model)} />
          </p>
        ) : !output ? (
          <p className={styles.placeholder}>Your optimized prompt will appear here.</p>
        ) : output.error ? (
          <p className={`${ui.error} ${styles.errorText}`}>{output.text}</p>
        ) : (
          <>
            <ResultView text={output.text} model={output.model} streaming={streaming} label="Output" />
            {output.interruption && (
              <p className={`${ui.error} ${styles.interruption}`} data-testid="workspace-output-interruption">
                {output.interruption}
              </p>
            )}
          </>
        )}
      </section>
      {hasResult && output && <OutputCheck text={output.text} />}
    </section>
  );
}
