/** One test value per {{variable}} of the prompt; Test Prompt fills them in before sending. */
import { useWorkspaceStore } from '../../state/workspaceStore';
import ui from '../../ui/ui.module.css';
import styles from './PromptCheck.module.css';

export function VariablesForm({ names }: { names: string[] }) {
  const values = useWorkspaceStore((s) => s.variables);
  const set = useWorkspaceStore((s) => s.set);
  if (!names.length) return null;
  return (
    <fieldset className={styles.variables} data-testid="workspace-variables">
      <legend className={ui.label}>Variables</legend>
      <p className={ui.hint}>A test value for each {'{{variable}}'} in your prompt. Test Prompt fills them in before sending.</p>
      <div className={styles.variableGrid}>
        {names.map((name) => (
          <label key={name} className={styles.variable}>
            <span className={styles.variableName}>{`{{${name}}}`}</span>
            <input
              className={ui.input}
              value={values[name] ?? ''}
              onChange={(e) => set({ variables: { ...useWorkspaceStore.getState().variables, [name]: e.target.value } })}
              placeholder="Test value"
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
