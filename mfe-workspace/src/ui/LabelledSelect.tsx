import type { ComponentProps } from 'react';
import { Select } from './Select';
import ui from './ui.module.css';

type Props = Omit<ComponentProps<typeof Select>, 'labelledBy' | 'triggerText'> & {
  /** The visible label; the select is named by it and by the value it shows. */
  label: string;
  className?: string;
};

/** A visible label above a Select, wired so the label names it (`<id>-label`). */
export function LabelledSelect({ label, className, ...select }: Props) {
  return (
    <div className={className}>
      <span className={ui.label} id={`${select.id}-label`}>
        {label}
      </span>
      <Select {...select} labelledBy={`${select.id}-label`} />
    </div>
  );
}
