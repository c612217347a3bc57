import { Select, type SelectGroup } from '../../ui/Select';
import ui from '../../ui/ui.module.css';
import styles from './RunOptions.module.css';

interface PickerEntry {
  id: string;
  name: string;
  emoji: string;
  description: string;
}

interface Props {
  id: string;
  /** Visible label, e.g. "Persona". */
  label: string;
  /** "Active persona" */
  bannerTitle: string;
  placeholder: string;
  groups: Array<{ id: string; name: string; entries: PickerEntry[] }>;
  value: string | null;
  onChange: (id: string | null) => void;
}

/** A grouped dropdown with a Clear action and a banner describing the active selection. */
export function GroupedPicker({ id, label, bannerTitle, placeholder, groups, value, onChange }: Props) {
  const active = value ? groups.flatMap((g) => g.entries).find((e) => e.id === value) : undefined;
  const selectGroups: SelectGroup[] = groups.map((g) => ({
    label: g.name,
    options: g.entries.map((e) => ({ value: e.id, label: e.name, prefix: e.emoji, description: e.description })),
  }));
  return (
    <div className={styles.field}>
      <div className={styles.fieldHeader}>
        <span className={ui.label} id={`${id}-label`}>
          {label}
        </span>
        {active && (
          <button
            type="button"
            className={`${ui.ghost} ${ui.small}`}
            onClick={() => onChange(null)}
            aria-label={`Clear ${label.toLowerCase()}`}
          >
            Clear
          </button>
        )}
      </div>
      <Select
        id={id}
        labelledBy={`${id}-label`}
        value={value ?? ''}
        onValueChange={(v) => onChange(v || null)}
        groups={selectGroups}
        placeholder={placeholder}
      />
      {active && (
        <div className={styles.banner} role="status" aria-label={bannerTitle}>
          <span className={styles.bannerEmoji} aria-hidden="true">
            {active.emoji}
          </span>
          <span>
            <strong>
              {bannerTitle}: {active.name}
            </strong>
            <span className={styles.bannerText}>{active.description}</span>
          </span>
        </div>
      )}
    </div>
  );
}
