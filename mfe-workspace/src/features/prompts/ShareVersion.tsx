import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useState } from 'react';
import type { CreatedShareLink } from '@prompt-perfect/core/api/orgs';
import { createShareLink, type ShareTarget } from '@prompt-perfect/shared/api/promptsClient';
import dialog from '@prompt-perfect/shared/styles/dialog.module.css';
import { COPY_STATUS_TEXT, useClipboardCopy } from '@prompt-perfect/shared/ui/useClipboardCopy';
import { useSpaceAllows } from '../../state/space';
import { CloseIcon } from '../../ui/icons';
import ui from '../../ui/ui.module.css';
import styles from './Prompts.module.css';
import { useSpaceAction } from './useSpaceAction';

/** The expiry choices, in days; 0: the link works until it is revoked. */
const EXPIRY_DAYS = [0, 1, 7, 30] as const;
const expiryText = (days: number) => (days === 0 ? 'Never' : days === 1 ? 'After 1 day' : `After ${days} days`);

/** The link just made, with Copy: it is shown this once (the server keeps only its hash). */
function CreatedLink({ created }: { created: CreatedShareLink }) {
  const { state, copy } = useClipboardCopy(created.url);
  const id = useId();
  return (
    <div className={styles.form}>
      <label htmlFor={id}>Read-only link</label>
      <input
        id={id}
        className={ui.input}
        value={created.url}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        data-testid="share-url"
      />
      <p className={styles.muted}>
        {created.info.expiresAt
          ? `Works until ${new Date(created.info.expiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}.`
          : 'Works until it is revoked.'}{' '}
        Anyone with the link can read it without signing in. Copy it now: it is not shown again.
      </p>
      <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : 'Copy link'}
      </button>
      <p className={state === 'failed' ? `${ui.hint} ${ui.error}` : ui.hint} role="status">
        {state !== 'idle' && COPY_STATUS_TEXT[state]}
      </p>
    </div>
  );
}

/**
 * "Share" on a prompt version: a read-only link to this version, or to a label on it (the link then
 * follows the label), with an optional expiry.
 */
export function ShareVersion({
  name,
  version,
  labels,
  onShared,
}: {
  name: string;
  version: number;
  labels: string[];
  /** After a link is made. */
  onShared?: () => void;
}) {
  const may = useSpaceAllows('share.create');
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState('version');
  const [days, setDays] = useState<number>(0);
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const { busy, error, setError, run } = useSpaceAction();
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const what: ShareTarget = target === 'version' ? { version } : { label: target };
    return run(async () => {
      setCreated(await createShareLink(name, what, days || undefined));
      onShared?.();
    });
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setCreated(null);
          setError(null);
        }
      }}
    >
      <Dialog.Trigger asChild>
        <button
          type="button"
          className={`${ui.button} ${ui.small}`}
          disabled={!may.allowed}
          title={may.reason ?? undefined}
          aria-label={`Share version ${version}`}
        >
          Share
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={`${dialog.overlay} ${dialog.raised}`} />
        <Dialog.Content className={`${dialog.content} ${dialog.raised}`} aria-describedby={`${id}-help`}>
          <div className={dialog.head}>
            <Dialog.Title className={dialog.title}>
              Share {name} · version {version}
            </Dialog.Title>
            <Dialog.Close className={ui.ghost} aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <p id={`${id}-help`} className={`${styles.muted} ${styles.shareHelp}`}>
            A read-only page with the text, its variables and its settings, and a Copy button.
          </p>
          {created ? (
            <CreatedLink created={created} />
          ) : (
            <form className={styles.form} onSubmit={(e) => void submit(e)}>
              <label htmlFor={`${id}-target`}>What the link shows</label>
              <select
                id={`${id}-target`}
                className={ui.input}
                value={target}
                onChange={(e) => setTarget(e.target.value)}
              >
                <option value="version">This version ({version})</option>
                {labels.map((l) => (
                  <option key={l} value={l}>
                    The label {l} (follows it when it moves)
                  </option>
                ))}
              </select>
              <label htmlFor={`${id}-expiry`}>Expires</label>
              <select
                id={`${id}-expiry`}
                className={ui.input}
                value={days}
                onChange={(e) => setDays(Number(e.target.value))}
              >
                {EXPIRY_DAYS.map((d) => (
                  <option key={d} value={d}>
                    {expiryText(d)}
                  </option>
                ))}
              </select>
              <button type="submit" className={ui.button} disabled={busy} aria-busy={busy}>
                {busy ? 'Creating link…' : 'Create link'}
              </button>
            </form>
          )}
          {error && (
            <p role="alert" className={ui.error}>
              {error}
            </p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
