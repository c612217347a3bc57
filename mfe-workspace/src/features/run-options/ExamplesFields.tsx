import * as Collapsible from '@radix-ui/react-collapsible';
import { useState } from 'react';
import { useWorkspaceStore } from '../../state/workspaceStore';
import { ChevronIcon } from '../../ui/icons';
import ui from '../../ui/ui.module.css';
import styles from './RunOptions.module.css';

function ExampleField({
  field,
  title,
  hint,
}: {
  field: 'positiveExamples' | 'negativeExamples';
  title: string;
  hint: string;
}) {
  const value = useWorkspaceStore((s) => s[field]);
  const set = useWorkspaceStore((s) => s.set);
  const [open, setOpen] = useState(false);
  const id = `ws-${field}`;
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className={styles.collapsible}>
      <Collapsible.Trigger className={styles.collapsibleTrigger}>
        <span>{title}</span>
        {value.trim() && <span className={styles.badge}>added</span>}
        <ChevronIcon />
      </Collapsible.Trigger>
      <Collapsible.Content className={styles.collapsibleContent}>
        <label htmlFor={id} className="visually-hidden">
          {title}
        </label>
        <textarea
          id={id}
          className={ui.textarea}
          rows={3}
          value={value}
          placeholder={hint}
          onChange={(e) => set({ [field]: e.target.value })}
        />
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

export function ExamplesFields() {
  return (
    <div className={styles.field}>
      <ExampleField
        field="positiveExamples"
        title="Good examples"
        hint="Paste output you like; the prompt will ask for this style."
      />
      <ExampleField field="negativeExamples" title="Bad examples" hint="Paste output to avoid." />
    </div>
  );
}
