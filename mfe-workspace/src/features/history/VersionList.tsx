import type { HistoryEntry } from '@prompt-perfect/core/api/account';
import { modelDisplayName, OFFLINE_MODEL_NAME } from '@prompt-perfect/core/catalog/modelNames';
import { PROVIDERS, isProviderId } from '@prompt-perfect/core/catalog/providers';
import { clipAtWord } from '@prompt-perfect/shared/ui/result/clipAtWord';
import { ResultView } from '@prompt-perfect/shared/ui/result/ResultView';
import { TECHNIQUES } from '@prompt-perfect/core/catalog/techniques';
import { versionNumber, type Chain } from '@prompt-perfect/core/history/historyChains';
import ui from '../../ui/ui.module.css';
import { SaveAsButton } from '../prompts';
import styles from '../../ui/versions.module.css';
import { CompareTwo, usePickTwo } from './CompareTwo';

/** A version's preview: its first two non-empty lines (each still its own line, so markdown reads right), ended at a whole word. */
const PREVIEW_CHARACTERS = 160;
const previewOf = (output: string) =>
  clipAtWord(
    output
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, 2)
      .join('\n'),
    PREVIEW_CHARACTERS,
  );

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function describeVersion(v: HistoryEntry): string {
  const provider = isProviderId(v.provider)
    ? `${PROVIDERS[v.provider].label} · ${modelDisplayName(v.model)}`
    : OFFLINE_MODEL_NAME;
  return `${when(v.createdAt)} · ${TECHNIQUES[v.options.technique]?.name ?? v.options.technique} · ${provider}`;
}

/** The versions of one prompt, newest first, each with Restore and a Compare pick (two at a time). */
export function VersionList({
  chain,
  currentId,
  onRestore,
}: {
  chain: Chain;
  currentId: number | null;
  onRestore: (v: HistoryEntry) => void;
}) {
  const { isPicked, toggle, pair } = usePickTwo(
    chain.versions,
    (v) => v.id,
    (v) => versionNumber(chain, v),
  );

  return (
    <>
      <ol className={styles.list} aria-label="Versions">
        {chain.versions.map((v) => {
          const n = versionNumber(chain, v);
          const metaId = `ws-version-meta-${v.id}`;
          return (
            <li
              key={v.id}
              className={`${styles.item} ${v.id === currentId ? styles.itemCurrent : ''}`}
              data-testid="history-version"
            >
              <p className={styles.meta} id={metaId}>
                <strong>Version {n}</strong>
                {v.id === currentId && ' (shown now)'} · {describeVersion(v)}
                {v.stopped && <span className={styles.stopped}>Stopped before the answer ended</span>}
              </p>
              <p className={styles.instruction} data-testid="history-version-label">
                {v.kind === 'continue' ? `Instruction: ${v.input}` : 'Perfected from the task'}
              </p>
              <div className={styles.preview}>
                <ResultView text={previewOf(v.output)} fullText={v.output} label={`Version ${n}`} />
              </div>
              <div className={styles.row}>
                <button
                  type="button"
                  className={`${ui.button} ${ui.small}`}
                  onClick={() => onRestore(v)}
                  aria-describedby={metaId}
                >
                  Restore
                </button>
                <SaveAsButton
                  describedBy={metaId}
                  version={() => ({
                    text: v.output,
                    technique: v.options.technique,
                    provider: v.provider,
                    model: v.model,
                    options: { ...v.options },
                  })}
                />
                <label className={styles.check}>
                  <input type="checkbox" checked={isPicked(v.id)} onChange={() => toggle(v.id)} />
                  Compare version {n}
                </label>
              </div>
            </li>
          );
        })}
      </ol>
      <CompareTwo
        pair={pair.map((v) => ({ number: versionNumber(chain, v), text: v.output }))}
        total={chain.versions.length}
      />
    </>
  );
}
