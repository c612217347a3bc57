/** One test value per {{variable}} of the prompt; Test Prompt fills them in before sending. */
import { variableChoices } from '@prompt-perfect/core/catalog/templates';
import { useWorkspaceStore } from '../../state/workspaceStore';
import ui from '../../ui/ui.module.css';
import styles from './PromptCheck.module.css';

export function VariablesForm({ names }: { names: string[] }) {
  const values = useWorkspaceStore((s) => s.variables);
  const set = useWorkspaceStore((s) => s.set);
  const templateId = useWorkspaceStore((s) => s.templateId);
  if (!names.length) return null;
  return (
    <fieldset className={styles.variables} data-testid="workspace-variables">
      <legend className={ui.label}>Variables</legend>
      <p className={ui.hint}>
        A test value for each {'{{variable}}'} in your prompt. Test Prompt fills them in before sending.
      </p>
      <div className={styles.variableGrid}>
        {names.map((name) => (
          <div key={name} className={styles.variable}>
            <label htmlFor={`ws-variable-${name}`} className={styles.variableName}>{`{{${name}}}`}</label>
            <VariableInput
              id={`ws-variable-${name}`}
              value={values[name] ?? ''}
              choices={variableChoices(templateId, name)}
              onChange={(value) => set({ variables: { ...useWorkspaceStore.getState().variables, [name]: value } })}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** A free test value, or one of the template's choices for this variable. */
function VariableInput({
  id,
  value,
  choices,
  onChange,
}: {
  id: string;
  value: string;
  choices: readonly string[];
  onChange: (value: string) => void;
}) {
  if (choices.length === 0)
    return (
      <input
        id={id}
        className={ui.input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Test value"
      />
    );
  const options = choices.includes(value) || value === '' ? choices : [value, ...choices];
  return (
    <select id={id} className={ui.input} value={value} onChange={(e) => onChange(e.target.value)}>
      {value === '' && <option value="">Choose…</option>}
      {options.map((choice) => (
        <option key={choice} value={choice}>
          {choice}
        </option>
      ))}
    </select>
  );
}
