import { useCallback, useEffect, useState } from 'react';
import type { PromptLabels, PromptSummary, PromptVersion } from '@prompt-perfect/core/api/registry';
import { fetchPromptLabels, listPromptVersions, listPrompts } from '@prompt-perfect/shared/api/promptsClient';
import { useActiveOrg, useSpaceAllows } from '../../state/space';
import { RoleReason } from '../../ui/SpaceBadge';
import ui from '../../ui/ui.module.css';
import history from '../../ui/versions.module.css';
import { ImportExport } from './ImportExport';
import { LabelsEditor } from './LabelsEditor';
import { PromptVersions } from './PromptVersions';
import { restorePrompt } from './restorePrompt';
import styles from './Prompts.module.css';
import { WebhookSettings } from './WebhookSettings';

interface Opened {
  name: string;
  versions: PromptVersion[];
  labels: PromptLabels;
}

/** The open panel: every named prompt; for the chosen one, its labels and its versions. */
export default function PromptsBody({ onRestored }: { onRestored: () => void }) {
  const [items, setItems] = useState<PromptSummary[] | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [error, setError] = useState<string | null>(null);
  const org = useActiveOrg();
  const maySave = useSpaceAllows('version.save');
  const mayManageWebhook = useSpaceAllows('webhook.manage');

  const loadList = useCallback(
    (signal?: AbortSignal) =>
      listPrompts(signal).then(setItems, (err: Error) => err.name !== 'AbortError' && setError(err.message)),
    [],
  );
  useEffect(() => {
    const abort = new AbortController();
    void loadList(abort.signal);
    return () => abort.abort();
  }, [loadList]);

  const open = async (name: string) => {
    setError(null);
    try {
      const [versions, labels] = await Promise.all([listPromptVersions(name), fetchPromptLabels(name)]);
      setOpened({ name, versions, labels });
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const labelsChanged = (labels: PromptLabels) => {
    if (!opened) return;
    setOpened({ ...opened, labels });
    const pointing = Object.fromEntries(labels.labels.map((l) => [l.label, l.version]));
    setItems((list) => list?.map((p) => (p.name === opened.name ? { ...p, labels: pointing } : p)) ?? null);
  };

  return (
    <>
      {error && (
        <p className={ui.error} role="alert">
          {error}
        </p>
      )}
      <section className={history.section} aria-labelledby="ws-prompts-all">
        <h3 id="ws-prompts-all" className={history.heading}>
          {org ? `${org.name}’s prompts` : 'Your prompts'}
        </h3>
        <RoleReason
          id="ws-prompts-role"
          reason={
            maySave.allowed
              ? null
              : `You are a ${org?.role} in ${org?.name}: you can read and copy its prompts, not save versions, move labels or share.`
          }
        />
        {items === null ? (
          <p className={history.muted} role="status">
            Loading prompts…
          </p>
        ) : items.length === 0 ? (
          <p className={history.muted}>None yet. Use "Save as…" beside a result or a history version.</p>
        ) : (
          <ul className={styles.names} aria-label="Prompts">
            {items.map((p) => (
              <li key={p.name}>
                <button
                  type="button"
                  className={`${ui.button} ${ui.small}`}
                  aria-pressed={opened?.name === p.name}
                  onClick={() => void open(p.name)}
                  aria-label={`${p.name}, ${p.latestVersion} version${p.latestVersion === 1 ? '' : 's'}${Object.keys(p.labels).length ? `, labels ${Object.keys(p.labels).join(', ')}` : ''}`}
                >
                  {p.name} · v{p.latestVersion}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {opened && (
        <>
          <LabelsEditor
            key={`labels-${opened.name}`}
            name={opened.name}
            versions={opened.versions}
            labels={opened.labels}
            onChange={labelsChanged}
          />
          <PromptVersions
            key={`versions-${opened.name}`}
            name={opened.name}
            versions={opened.versions}
            labels={opened.labels}
            onRestore={(v) => {
              restorePrompt(v);
              onRestored();
            }}
          />
        </>
      )}
      <ImportExport onImported={() => void loadList()} />
      {mayManageWebhook.allowed && <WebhookSettings />}
    </>
  );
}
