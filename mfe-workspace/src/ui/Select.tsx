import * as RSelect from '@radix-ui/react-select';
import type { ReactNode } from 'react';
import { ChevronIcon } from './icons';
import ui from './ui.module.css';

interface SelectOption {
  value: string;
  label: string;
  /** Shown in the list only. */
  description?: string;
  prefix?: ReactNode;
}

export interface SelectGroup {
  label: string;
  options: SelectOption[];
}

interface Props {
  id: string;
  /** '' shows the placeholder. */
  value: string;
  onValueChange: (value: string) => void;
  groups: SelectGroup[];
  placeholder?: string;
  /** id of the visible label element. */
  labelledBy?: string;
  describedBy?: string;
  /**
   * A fixed trigger text (e.g. "Templates") instead of the selected value, for menus whose
   * selection is shown elsewhere. The trigger is then named by this text alone (a combobox
   * takes no name from its content, hence aria-labelledby).
   */
  triggerText?: string;
  disabled?: boolean;
}

/** A Radix Select with optional groups; the list is at most 360 px tall and scrolls. */
export function Select({
  id,
  value,
  onValueChange,
  groups,
  placeholder,
  labelledBy,
  describedBy,
  triggerText,
  disabled,
}: Props) {
  const grouped = groups.length > 1 || groups[0]?.label !== '';
  return (
    <RSelect.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <RSelect.Trigger
        id={id}
        className={ui.selectTrigger}
        // Label plus the shown value, so the accessible name contains the visible text.
        aria-labelledby={triggerText ? `${id}-text` : `${labelledBy} ${id}`}
        aria-describedby={describedBy}
      >
        {triggerText ? <span id={`${id}-text`}>{triggerText}</span> : <RSelect.Value placeholder={placeholder} />}
        <RSelect.Icon>
          <ChevronIcon />
        </RSelect.Icon>
      </RSelect.Trigger>
      <RSelect.Portal>
        <RSelect.Content className={ui.selectContent} position="popper" sideOffset={4}>
          <RSelect.ScrollUpButton className={ui.selectScroll}>▲</RSelect.ScrollUpButton>
          <RSelect.Viewport className={ui.selectViewport}>
            {groups.map((group) =>
              grouped ? (
                <RSelect.Group key={group.label}>
                  <RSelect.Label className={ui.selectGroupLabel}>{group.label}</RSelect.Label>
                  {group.options.map((o) => (
                    <Item key={o.value} option={o} />
                  ))}
                </RSelect.Group>
              ) : (
                group.options.map((o) => <Item key={o.value} option={o} />)
              ),
            )}
          </RSelect.Viewport>
          <RSelect.ScrollDownButton className={ui.selectScroll}>▼</RSelect.ScrollDownButton>
        </RSelect.Content>
      </RSelect.Portal>
    </RSelect.Root>
  );
}

function Item({ option }: { option: SelectOption }) {
  return (
    <RSelect.Item value={option.value} className={ui.selectItem} textValue={option.label}>
      {option.prefix && <span aria-hidden="true">{option.prefix}</span>}
      <span>
        <RSelect.ItemText>{option.label}</RSelect.ItemText>
        {option.description && <span className={ui.selectItemDescription}>{option.description}</span>}
      </span>
    </RSelect.Item>
  );
}
