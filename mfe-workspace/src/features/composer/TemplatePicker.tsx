import { TEMPLATE_CATEGORIES, findTemplate, templateStartValues } from '@prompt-perfect/core/catalog/templates';
import { useWorkspaceStore } from '../../state/workspaceStore';
import { CloseIcon } from '../../ui/icons';
import { Select } from '../../ui/Select';
import styles from './Composer.module.css';

const GROUPS = TEMPLATE_CATEGORIES.map((c) => ({
  label: c.name,
  options: c.templates.map((t) => ({ value: t.id, label: t.name })),
}));

/**
 * Templates dropdown: choosing one fills the prompt box with its text and shows a chip. The
 * chip's X removes the template, and also the filled text if it has not been edited.
 */
export function TemplatePicker() {
  const templateId = useWorkspaceStore((s) => s.templateId);
  const set = useWorkspaceStore((s) => s.set);
  const template = findTemplate(templateId);

  const choose = (id: string) => {
    const t = findTemplate(id);
    // The template's variables start with suggested test values, so the check has nothing to flag.
    if (t)
      set({
        templateId: t.id,
        input: t.text,
        variables: { ...useWorkspaceStore.getState().variables, ...templateStartValues(t) },
      });
  };
  const clearTemplate = () => {
    const { input } = useWorkspaceStore.getState();
    set({ templateId: null, ...(template && input === template.text ? { input: '' } : {}) });
  };

  return (
    <div className={styles.templateRow}>
      <div className={styles.templateSelect}>
        <Select
          id="ws-templates"
          triggerText="Templates"
          value={templateId ?? ''}
          onValueChange={choose}
          groups={GROUPS}
        />
      </div>
      {template && (
        <span className={styles.chip}>
          <span>Template: {template.name}</span>
          <button
            type="button"
            className={styles.chipClear}
            onClick={clearTemplate}
            aria-label={`Clear template ${template.name}`}
          >
            <CloseIcon />
          </button>
        </span>
      )}
    </div>
  );
}
