import { type FormEvent, useId, useState } from 'react';
import type { PromptVersion, SavePromptVersion } from '@prompt-perfect/core/api/registry';
import { savePromptVersion } from '@prompt-perfect/shared/api/promptsClient';
import { useActiveOrg, useSpaceAllows } from '../../state/space';
import { SideSheet } from '../../ui/SideSheet';
import ui from '../../ui/ui.module.css';
import { toPromptName } from '@prompt-perfect/core/api/registry';
import styles from './Prompts.module.css';

/**
 * "Save as…": keeps `version()` (a text and how it was made) as the next version of a named prompt,
 * creating the prompt on its first save. `describedBy` ties the button to what it saves.
 */
export function SaveAsButton({
  version,
  disabled,
  describedBy,
}: {
  version: () => SavePromptVersion;
  disabled?: boolean;
  describedBy?: string;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [saved, setSaved] = useState<{ name: string; version: PromptVersion } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const slug = toPromptName(name);
  const may = useSpaceAllows('version.save');
  const org = useActiveOrg();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!slug || busy) return;
    setBusy(true);
    setError(null);
    try {
      setSaved({ name: slug, version: await savePromptVersion(slug, { ...version(), message: message.trim() }) });
      setMessage('');
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SideSheet
      title="Save as a named prompt"
      opener={{ label: 'Save as…', disabled: disabled || !may.allowed, describedBy, title: may.reason ?? undefined }}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setSaved(null);
          setError(null);
        }
      }}
      describedBy={`${id}-help`}
    >
      <p id={`${id}-help`} className={styles.muted}>
        {org
          ? `Saved in ${org.name}, for its members. Each save adds a version; code fetches it by name and label with an API token made in ${org.name}.`
          : 'Saved in your personal space. Each save adds a version; your code fetches it by name and label with a personal API token.'}
      </p>
      <form className={styles.form} onSubmit={(e) => void submit(e)}>
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          className={ui.input}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-describedby={`${id}-slug`}
          autoComplete="off"
          required
        />
        <p id={`${id}-slug`} className={styles.muted}>
          {slug ? `Saved as: ${slug}` : 'Letters, digits, - and _.'}
        </p>
        <label htmlFor={`${id}-message`}>What changed (optional)</label>
        <input
          id={`${id}-message`}
          className={ui.input}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          maxLength={500}
        />
        <button type="submit" className={ui.button} disabled={!slug || busy}>
          Save version
        </button>
      </form>
      <p role="status" className={styles.muted} data-testid="save-as-status">
        {saved && `Saved ${saved.name}, version ${saved.version.version}.`}
      </p>
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
    </SideSheet>
  );
}
