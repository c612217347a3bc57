import { lazy, Suspense, useState } from 'react';
import type { PromptLabels, PromptVersion } from '@prompt-perfect/core/api/registry';
import { ResultView } from '@prompt-perfect/shared/ui/result/ResultView';
import ui from '../../ui/ui.module.css';
import history from '../../ui/versions.module.css';

// The History panel's word diff, loaded only when someone compares two versions.
const DiffView = lazy(() => import('../history/lazy').then((m) => ({ default: m.DiffView })));

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A named prompt's versions, newest first: labels on each, Restore, and a Compare pick (two at a time). */
export function PromptVersions({
  name,
  versions,
  labels,
  onRestore,
}: {
  name: string;
  versions: PromptVersion[];
  labels: PromptLabels;
  onRestore: (v: PromptVersion) => void;
}) {
  const [picked, setPicked] = useState<number[]>([]);
  const toggle = (n: number) => setPicked((ns) => (ns.includes(n) ? ns.filter((x) => x !== n) : [...ns, n].slice(-2)));
  const pair = picked
    .map((n) => versions.find((v) => v.version === n))
    .filter((v): v is PromptVersion => v !== undefined)
    .sort((a, b) => a.version - b.version);

  return (
    <section className={history.section} aria-labelledby="ws-prompt-versions">
      <h3 id="ws-prompt-versions" className={history.heading}>
        Versions of {name}
      </h3>
      <ol className={history.list} aria-label="Versions">
        {versions.map((v) => {
          const on = labels.labels.filter((l) => l.version === v.version).map((l) => l.label);
          const metaId = `ws-prompt-version-${v.version}`;
          return (
            <li key={v.version} className={history.item} data-testid="prompt-version">
              <p className={history.meta} id={metaId}>
                <strong>Version {v.version}</strong>
                {on.length > 0 && ` · ${on.join(', ')}`} · {when(v.createdAt)} · {v.createdBy}
                {v.model && ` · ${v.model}`}
              </p>
              {v.message && <p className={history.instruction}>{v.message}</p>}
              <div className={history.preview}>
                <ResultView text={v.text.slice(0, 300)} label={`Version ${v.version}`} />
              </div>
              <div className={history.row}>
                <button
                  type="button"
                  className={`${ui.button} ${ui.small}`}
                  onClick={() => onRestore(v)}
                  aria-describedby={metaId}
                >
                  Restore
                </button>
                <label className={history.check}>
                  <input type="checkbox" checked={picked.includes(v.version)} onChange={() => toggle(v.version)} />
                  Compare version {v.version}
                </label>
              </div>
            </li>
          );
        })}
      </ol>
      {pair.length === 2 ? (
        <Suspense fallback={<p className={history.muted}>Comparing…</p>}>
          <DiffView
            before={pair[0].text}
            after={pair[1].text}
            label={`Differences from version ${pair[0].version} to version ${pair[1].version}`}
          />
        </Suspense>
      ) : (
        versions.length > 1 && <p className={history.muted}>Pick two versions to see what changed between them.</p>
      )}
    </section>
  );
}
