/**
 * One result view for every place a model's answer shows (the trial, the workspace output, tests,
 * compare, favorites and history): Preview (formatted) or Raw (the exact text, monospace — what
 * Copy copies), with the model and a token count under it.
 */
import { useId, useState } from 'react';
import { modelDisplayName } from '@prompt-perfect/core/catalog/modelNames';
import { LazyMarkdown } from './LazyMarkdown';
import { tokenLabel } from './tokenEstimate';
import styles from './ResultView.module.css';

export { usePrefetchMarkdown } from './LazyMarkdown';

type View = 'preview' | 'raw';

interface Props {
  text: string;
  /** The model id that wrote it (shown by its catalogue name), or a label such as "Offline optimizer". */
  model?: string;
  /** While text is still arriving the toggle and the count wait for the whole answer. */
  streaming?: boolean;
  /** Names the toggle for screen readers when a page shows several results ("Test output"). */
  label?: string;
  /** The text's test id (the trial's tests know it as 'trial-output'). */
  testId?: string;
  /** When `text` is a preview: the whole text, which the token count counts. */
  fullText?: string;
}

export function ResultView({
  text,
  model,
  streaming = false,
  label = 'Result',
  testId = 'result-text',
  fullText = text,
}: Props) {
  const [view, setView] = useState<View>('preview');
  const metaId = useId();
  const meta = [model && modelDisplayName(model), !streaming && fullText.trim() && tokenLabel(fullText)]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className={styles.view}>
      {!streaming && (
        // biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not a fieldset of form inputs.
        <div role="group" aria-label={`${label} view`} className={styles.toggle}>
          <button type="button" aria-pressed={view === 'preview'} onClick={() => setView('preview')}>
            Preview
          </button>
          <button type="button" aria-pressed={view === 'raw'} onClick={() => setView('raw')}>
            Raw
          </button>
        </div>
      )}
      <div data-testid={testId} data-view={view} aria-describedby={meta ? metaId : undefined}>
        {view === 'raw' && !streaming ? <pre className={styles.raw}>{text}</pre> : <LazyMarkdown text={text} />}
      </div>
      {meta && (
        <p id={metaId} className={styles.meta} data-testid="result-meta">
          {meta}
        </p>
      )}
    </div>
  );
}
