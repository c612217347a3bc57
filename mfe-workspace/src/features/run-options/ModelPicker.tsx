import type { ApiModelInfo, ModelSource } from '@prompt-perfect/core/api/types';
import { modelsOf, useProvidersStore } from '../../state/providersStore';
import { useWorkspaceStore } from '../../state/workspaceStore';
import { Select, type SelectGroup } from '../../ui/Select';
import ui from '../../ui/ui.module.css';
import styles from './RunOptions.module.css';

const GROUP_LABELS: Record<ModelSource, string> = {
  catalogue: 'Recommended',
  pinned: 'Set by the server',
  discovered: 'Also on this server',
};

function groupsOf(models: ApiModelInfo[]): SelectGroup[] {
  const order: ModelSource[] = ['catalogue', 'pinned', 'discovered'];
  const present = order.filter((source) => models.some((m) => m.source === source));
  return present.map((source) => ({
    // One group needs no heading.
    label: present.length > 1 ? GROUP_LABELS[source] : '',
    options: models
      .filter((m) => m.source === source)
      .map((m) => ({ value: m.id, label: m.name, description: m.description })),
  }));
}

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function hintOf(fetchedAt: string | null, listFailed: boolean, refreshError: string | null): string {
  if (refreshError) return `Could not refresh the model list: ${refreshError}`;
  if (listFailed)
    return fetchedAt
      ? `The provider did not list its models; showing its list from ${timeOf(fetchedAt)}.`
      : 'The provider did not list its models; showing the built-in list.';
  return fetchedAt ? `Listed by the provider at ${timeOf(fetchedAt)}.` : 'The built-in list of models.';
}

/** The model dropdown: the server's list for the provider (catalogue first), and Refresh to ask again. */
export function ModelPicker() {
  const provider = useWorkspaceStore((s) => s.provider);
  const model = useWorkspaceStore((s) => s.model);
  const set = useWorkspaceStore((s) => s.set);
  const models = useProvidersStore((s) => s.models);
  const fetchedAt = useProvidersStore((s) => s.fetchedAt[provider] ?? null);
  const listFailed = useProvidersStore((s) => s.listFailed[provider] === true);
  const configured = useProvidersStore((s) => s.configured[provider]);
  const refreshing = useProvidersStore((s) => s.refreshing);
  const refreshError = useProvidersStore((s) => s.refreshError);
  const refresh = useProvidersStore((s) => s.refresh);

  return (
    <div className={styles.field}>
      <div className={styles.fieldHeader}>
        <span className={ui.label} id="ws-model-label">
          Model
        </span>
        {configured && (
          <button
            type="button"
            className={`${ui.ghost} ${ui.small}`}
            onClick={() => void refresh()}
            disabled={refreshing}
            aria-label={refreshing ? 'Refreshing the model list' : 'Refresh the model list'}
          >
            {refreshing ? 'Refreshing…' : 'Refresh'}
          </button>
        )}
      </div>
      <Select
        id="ws-model"
        labelledBy="ws-model-label"
        describedBy="ws-model-hint"
        value={model}
        onValueChange={(v) => set({ model: v })}
        groups={groupsOf(modelsOf(models, provider))}
      />
      <p
        id="ws-model-hint"
        className={`${ui.hint} ${refreshError ? ui.error : ''}`}
        role={refreshError ? 'alert' : undefined}
      >
        {hintOf(fetchedAt, listFailed, refreshError)}
      </p>
    </div>
  );
}
