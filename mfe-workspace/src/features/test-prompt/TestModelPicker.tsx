import { PROVIDER_IDS, PROVIDERS } from '@prompt-perfect/core/catalog/providers';
import { modelsOf, useProvidersStore } from '../../state/providersStore';
import { useTestModel } from '../../state/testModel';
import { useWorkspaceStore } from '../../state/workspaceStore';
import { LabelledSelect } from '../../ui/LabelledSelect';
import type { SelectGroup } from '../../ui/Select';
import styles from './TestPanel.module.css';

// A model id may contain ':' (llama3.2:3b); a provider id never does.
const optionValue = (provider: string, model: string) => `${provider}:${model}`;

/** "Test model": every model the server lists, by provider (providers reported unconfigured left out). */
export function TestModelPicker() {
  const current = useTestModel();
  const configured = useProvidersStore((s) => s.configured);
  const models = useProvidersStore((s) => s.models);
  const set = useWorkspaceStore((s) => s.set);
  if (!current) return null;
  const groups: SelectGroup[] = PROVIDER_IDS.filter((p) => configured[p] !== false).map((p) => {
    const offered = modelsOf(models, p);
    const listed =
      offered.some((m) => m.id === current.model) || current.provider !== p
        ? offered
        : [{ id: current.model, name: current.model }, ...offered];
    return { label: PROVIDERS[p].label, options: listed.map((m) => ({ value: optionValue(p, m.id), label: m.name })) };
  });
  const choose = (value: string) => {
    const at = value.indexOf(':');
    const provider = PROVIDER_IDS.find((p) => p === value.slice(0, at));
    if (provider) set({ testModelChoice: { provider, model: value.slice(at + 1) } });
  };
  return (
    <LabelledSelect
      className={styles.modelField}
      id="ws-test-model"
      label="Test model"
      value={optionValue(current.provider, current.model)}
      onValueChange={choose}
      groups={groups}
    />
  );
}
