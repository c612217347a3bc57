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
 * Templates dropdown: choosing one fills the prompt box with its text and shows a chip; text the
 * user had typed can be put back with Undo. The chip's X removes the template and keeps the prompt.
 */
export function TemplatePicker() {
  const templateId = useWorkspaceStore((s) => s.templateId);
  const set = useWorkspaceStore((s) => s.set);
  const applyTemplate = useWorkspaceStore((s) => s.applyTemplate);
  const template = findTemplate(templateId);

  const choose = (id: string) => {
    const t = findTemplate(id);
    // The template's variables start with suggested test values, so the check has nothing to flag.
    if (t)
      applyTemplate({
        templateId: t.id,
        input: t.text,
        variables: { ...useWorkspaceStore.getState().variables, ...templateStartValues(t) },
      });
  };
  const clearTemplate = () => set({ templateId: null });

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
