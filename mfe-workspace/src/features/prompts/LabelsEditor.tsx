import { type FormEvent, useState } from 'react';
import { LABEL_NAME, type PromptLabels, type PromptVersion } from '@prompt-perfect/core/api/registry';
import { movePromptLabel, undoPromptLabel } from '@prompt-perfect/shared/api/promptsClient';
import { useSpaceAllows } from '../../state/space';
import { RoleReason } from '../../ui/SpaceBadge';
import ui from '../../ui/ui.module.css';
import history from '../../ui/versions.module.css';
import styles from './Prompts.module.css';
import { useSpaceAction } from './useSpaceAction';

const SUGGESTED = ['production', 'staging'];

type Pending = { kind: 'move'; label: string; version: number; protect: boolean } | { kind: 'undo'; label: string };

/**
 * Where each label points, one form to move (or make) a label, Undo of a label's last move, and
 * the record of moves. A protected label asks once more before it moves.
 */
export function LabelsEditor({
  name,
  versions,
  labels,
  onChange,
}: {
  name: string;
  versions: PromptVersion[];
  labels: PromptLabels;
  onChange: (labels: PromptLabels) => void;
}) {
  const [label, setLabel] = useState('production');
  const [version, setVersion] = useState(versions[0]?.version ?? 1);
  const [protect, setProtect] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const { busy, error, setError, run: runAction } = useSpaceAction();
  const [status, setStatus] = useState('');
  const may = useSpaceAllows('label.move');
  const isProtected = (l: string) => labels.labels.some((x) => x.label === l && x.protected);
  const choices = [...new Set([...SUGGESTED, ...labels.labels.map((l) => l.label)])];

  const run = async (action: Pending, confirm: boolean) => {
    setError(null);
    if (isProtected(action.label) && !confirm) {
      setStatus('');
      setPending(action);
      return;
    }
    await runAction(async () => {
      const next =
        action.kind === 'move'
          ? await movePromptLabel(name, action.label, {
              version: action.version,
              protected: action.protect || undefined,
              confirm,
            })
          : await undoPromptLabel(name, action.label, confirm);
      setPending(null);
      onChange(next);
      const now = next.labels.find((l) => l.label === action.label);
      setStatus(now ? `${action.label} now points at version ${now.version}.` : `${action.label} removed.`);
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!LABEL_NAME.test(label)) {
      setError('A label uses lowercase letters, digits, - and _ (at most 40 characters).');
      return;
    }
    void run({ kind: 'move', label, version, protect }, false);
  };

  return (
    <section className={history.section} aria-labelledby="ws-prompt-labels">
      <h3 id="ws-prompt-labels" className={history.heading}>
        Labels
      </h3>
      {labels.labels.length === 0 ? (
        <p className={history.muted}>No labels yet. Point production at a version for your code to fetch it.</p>
      ) : (
        <table className={styles.labels}>
          <thead>
            <tr>
              <th scope="col">Label</th>
              <th scope="col">Version</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {labels.labels.map((l) => (
              <tr key={l.label} data-testid="prompt-label">
                <th scope="row">
                  {l.label}
                  {l.protected && ' (protected)'}
                </th>
                <td>{l.version}</td>
                <td>
                  <button
                    type="button"
                    className={`${ui.button} ${ui.small}`}
                    onClick={() => void run({ kind: 'undo', label: l.label }, false)}
                    aria-label={`Undo last move of ${l.label}`}
                    disabled={!may.allowed}
                    aria-busy={busy}
                    aria-describedby={may.reason ? 'ws-label-role' : undefined}
                  >
                    Undo
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className={styles.moveForm} onSubmit={submit} aria-label="Move a label">
        <label>
          Label
          <input
            type="text"
            className={ui.input}
            list="ws-label-choices"
            value={label}
            onChange={(e) => setLabel(e.target.value.trim().toLowerCase())}
          />
          <datalist id="ws-label-choices">
            {choices.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </label>
        <label>
          Version
          <select className={ui.input} value={version} onChange={(e) => setVersion(Number(e.target.value))}>
            {versions.map((v) => (
              <option key={v.version} value={v.version}>
                {v.version}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.inline}>
          <input type="checkbox" checked={protect} onChange={(e) => setProtect(e.target.checked)} />
          Protect
        </label>
        <button
          type="submit"
          className={`${ui.button} ${ui.small}`}
          disabled={!may.allowed}
          aria-busy={busy}
          aria-describedby={may.reason ? 'ws-label-role' : undefined}
          title={may.reason ?? undefined}
        >
          Move label
        </button>
      </form>
      <RoleReason id="ws-label-role" reason={may.reason} />
      {pending && (
        <div className={styles.confirm} role="alertdialog" aria-labelledby="ws-label-confirm">
          <p id="ws-label-confirm">
            {pending.kind === 'move'
              ? `${pending.label} is protected. Move it to version ${pending.version}?`
              : `${pending.label} is protected. Undo its last move?`}
          </p>
          <div className={history.row}>
            <button
              type="button"
              className={`${ui.button} ${ui.small}`}
              onClick={() => void run(pending, true)}
              aria-busy={busy}
            >
              Yes, move {pending.label}
            </button>
            <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setPending(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <p role="status" className={history.muted} data-testid="prompt-label-status">
        {status}
      </p>
      {error && (
        <p className={ui.error} role="alert">
          {error}
        </p>
      )}
      {labels.moves.length > 0 && (
        <details>
          <summary>Moves ({labels.moves.length})</summary>
          <ol className={history.list} aria-label="Label moves">
            {labels.moves.map((m) => (
              <li key={m.id} className={history.muted}>
                {m.label}: {m.fromVersion === null ? 'made' : `from ${m.fromVersion}`}{' '}
                {m.toVersion === null ? 'removed' : `to ${m.toVersion}`}
                {m.undo && ' (undo)'} · {m.movedBy} · {new Date(m.movedAt).toLocaleString()}
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}
