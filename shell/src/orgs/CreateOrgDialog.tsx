import { type FormEvent, useId, useState } from 'react';
import { ORG_NAME_MAX, type OrgSummary } from '@prompt-perfect/core/api/orgs';
import { createOrg } from '@prompt-perfect/shared/orgs/orgsClient';
import buttons from '@prompt-perfect/shared/styles/buttons.module.css';
import field from '@prompt-perfect/shared/styles/field.module.css';
import { LazyShellDialog } from '../layout/LazyShellDialog';
import styles from './orgs.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (org: OrgSummary) => void;
}

/** What is wrong with a name before it is sent, or null. */
export function orgNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Enter a name for the organization.';
  if (trimmed.length > ORG_NAME_MAX) return `Use at most ${ORG_NAME_MAX} characters.`;
  return null;
}

function CreateOrgForm({ onCreated }: { onCreated: (org: OrgSummary) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = orgNameProblem(name);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      onCreated(await createOrg(name.trim()));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The organization could not be created.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.dialogForm} onSubmit={submit} noValidate>
      <p className={styles.muted}>You will be its owner. Invite people from its Members page.</p>
      <div>
        <label className={field.label} htmlFor={inputId}>
          Name
        </label>
        <input
          id={inputId}
          className={field.input}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={ORG_NAME_MAX + 20}
          autoComplete="organization"
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          // biome-ignore lint/a11y/noAutofocus: the dialog's only field, opened on request.
          autoFocus
        />
        {error && (
          <p id={errorId} className={`${field.hint} ${field.error}`} role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className={buttons.primary} disabled={busy}>
        {busy ? 'Creating…' : 'Create organization'}
      </button>
    </form>
  );
}

export function CreateOrgDialog({ open, onOpenChange, onCreated }: Props) {
  return (
    <LazyShellDialog open={open} onOpenChange={onOpenChange} title="Create organization">
      {open && (
        <CreateOrgForm
          onCreated={(org) => {
            onOpenChange(false);
            onCreated(org);
          }}
        />
      )}
    </LazyShellDialog>
  );
}
