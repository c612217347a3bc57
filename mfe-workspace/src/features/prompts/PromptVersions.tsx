import { useState } from 'react';
import type { PromptLabels, PromptVersion } from '@prompt-perfect/core/api/registry';
import { ResultView } from '@prompt-perfect/shared/ui/result/ResultView';
import ui from '../../ui/ui.module.css';
import history from '../../ui/versions.module.css';
import { CompareTwo, usePickTwo } from '../history';
import { SharedLinks } from './SharedLinks';
import { ShareVersion } from './ShareVersion';

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
  const byVersion = (v: PromptVersion) => v.version;
  const { isPicked, toggle, pair } = usePickTwo(versions, byVersion, byVersion);
  // A new link remounts the list, which reads the links again.
  const [linksRead, setLinksRead] = useState(0);

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
                <ResultView text={v.text.slice(0, 300)} fullText={v.text} label={`Version ${v.version}`} />
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
                <ShareVersion name={name} version={v.version} labels={on} onShared={() => setLinksRead((n) => n + 1)} />
                <label className={history.check}>
                  <input type="checkbox" checked={isPicked(v.version)} onChange={() => toggle(v.version)} />
                  Compare version {v.version}
                </label>
              </div>
            </li>
          );
        })}
      </ol>
      <CompareTwo pair={pair.map((v) => ({ number: v.version, text: v.text }))} total={versions.length} />
      <SharedLinks key={linksRead} name={name} />
    </section>
  );
}
