import { modelGroups, modelOptionValue, parseModelOption } from '../../state/modelChoices';
import { useProvidersStore } from '../../state/providersStore';
import { useTestModel } from '../../state/testModel';
import { useWorkspaceStore } from '../../state/workspaceStore';
import { LabelledSelect } from '../../ui/LabelledSelect';
import styles from './TestPanel.module.css';

/** "Test model": every model the server lists, by provider (providers reported unconfigured left out). */
export function TestModelPicker() {
  const current = useTestModel();
  const configured = useProvidersStore((s) => s.configured);
  const models = useProvidersStore((s) => s.models);
  const set = useWorkspaceStore((s) => s.set);
  if (!current) return null;
  const choose = (value: string) => {
    const choice = parseModelOption(value);
    if (choice) set({ testModelChoice: choice });
  };
  return (
    <LabelledSelect
      className={styles.modelField}
      id="ws-test-model"
      label="Test model"
      value={modelOptionValue(current)}
      onValueChange={choose}
      groups={modelGroups({ configured, models }, current)}
    />
  );
}
