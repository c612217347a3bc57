import { type ApiTokenInfo, TOKEN_SCOPES, type TokenScope } from '@prompt-perfect/core/api/prove';
import { messageOf } from '@prompt-perfect/core/errors/messageOf';
import { useEffect, useRef, useState } from 'react';
import type { CreatedApiToken } from '@prompt-perfect/core/api/prove';
import { createApiToken, listApiTokens, revokeApiToken } from '@prompt-perfect/shared/api/tokensClient';
import { COPY_STATUS_TEXT, useClipboardCopy } from '@prompt-perfect/shared/ui/useClipboardCopy';
import ui from '../../ui/ui.module.css';
import styles from './Account.module.css';

const NAME_MAX = 60;
const SCOPE_LABELS: Record<TokenScope, string> = {
  read: 'Read: test sets and history',
  run: 'Run: model calls, evaluations, optimizations, saving test sets',
};
const scopesText = (scopes: TokenScope[]) => (scopes.length === TOKEN_SCOPES.length ? 'read and run' : `${scopes.join(', ')} only`);
const dateOf = (iso: string) => new Date(iso).toLocaleDateString([], { year: 'numeric', month: 'short', day: 'numeric' });

/** The token just created: shown this once, with Copy. */
function NewToken({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const { state, copy } = useClipboardCopy(created.token);
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.newToken} aria-labelledby="ws-token-new-title">
      <p id="ws-token-new-title" ref={heading} tabIndex={-1} className={styles.tokenTitle}>
        Copy “{created.info.name}” now: it is not shown again.
      </p>
      <code className={styles.tokenValue} data-testid="ws-new-token">
        {created.token}
      </code>
      <div className={styles.dataActions}>
        <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => void copy()}>
          {state === 'copied' ? 'Copied' : 'Copy token'}
        </button>
        <button type="button" className={`${ui.ghost} ${ui.small}`} onClick={onDone}>
          Done
        </button>
      </div>
      <p className={state === 'failed' ? `${ui.hint} ${ui.error}` : ui.hint} role="status">
        {state !== 'idle' && COPY_STATUS_TEXT[state]}
      </p>
    </section>
  );
}

/** Settings: personal API tokens for REST callers (list, create, revoke). */
export default function ApiTokens() {
  const [tokens, setTokens] = useState<ApiTokenInfo[] | null>(null);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>([...TOKEN_SCOPES]);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  /** The token whose Revoke asks once more: scripts using it stop working at once. */
  const [confirming, setConfirming] = useState<number | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming !== null) keepButton.current?.focus();
  }, [confirming]);

  useEffect(() => {
    const controller = new AbortController();
    listApiTokens(controller.signal)
      .then(setTokens)
      .catch((e: unknown) => {
        if (!controller.signal.aborted) {
          setTokens([]);
          setError(`Could not list your tokens: ${messageOf(e)}`);
        }
      });
    return () => controller.abort();
  }, []);

  const create = async () => {
    if (!name.trim()) {
      setError('Give the token a name, e.g. the script that will use it.');
      nameInput.current?.focus();
      return;
    }
    if (scopes.length === 0) {
      setError('Allow the token at least one of Read and Run.');
      return;
    }
    setBusy(true);
    setError('');
    setNote('');
    try {
      const made = await createApiToken(name.trim(), scopes);
      setCreated(made);
      setTokens((list) => [...(list ?? []), made.info]);
      setName('');
    } catch (e) {
      setError(`Could not create the token: ${messageOf(e)}`);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (token: ApiTokenInfo) => {
    setConfirming(null);
    setBusy(true);
    setError('');
    try {
      await revokeApiToken(token.id);
      setTokens((list) => (list ?? []).filter((t) => t.id !== token.id));
      if (created?.info.id === token.id) setCreated(null);
      setNote(`Revoked “${token.name}”. Scripts using it are refused from now on.`);
      nameInput.current?.focus();
    } catch (e) {
      setError(`Could not revoke “${token.name}”: ${messageOf(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className={styles.tokens}>
      <legend className={ui.label}>API tokens</legend>
      <p className={ui.hint}>
        Scripts call the API with <code>Authorization: Bearer &lt;token&gt;</code>. A token acts as you: keep it secret, revoke it when unused.
      </p>
      {created && <NewToken created={created} onDone={() => setCreated(null)} />}
      {tokens === null ? (
        <p className={ui.hint} role="status">
          Loading tokens…
        </p>
      ) : tokens.length === 0 ? (
        <p className={ui.hint}>No tokens yet.</p>
      ) : (
        <ul className={styles.tokenList} aria-label="Your API tokens">
          {tokens.map((t) => (
            <li key={t.id} className={styles.tokenItem}>
              <span className={styles.tokenName}>
                <strong>{t.name}</strong>
                <span className={ui.hint}>
                  May {scopesText(t.scopes)} · Created {dateOf(t.createdAt)} · {t.lastUsedAt ? `last used ${dateOf(t.lastUsedAt)}` : 'never used'}
                </span>
              </span>
              <button
                type="button"
                className={`${ui.button} ${ui.small} ${ui.danger}`}
                onClick={() => setConfirming(t.id)}
                disabled={busy}
                aria-label={`Revoke ${t.name}`}
                aria-expanded={confirming === t.id}
                aria-controls={`ws-revoke-${t.id}`}
              >
                Revoke
              </button>
              {confirming === t.id && (
                <div
                  id={`ws-revoke-${t.id}`}
                  className={`${ui.confirmBox} ${styles.revokeConfirm}`}
                  role="alertdialog"
                  aria-labelledby={`ws-revoke-${t.id}-title`}
                >
                  <strong id={`ws-revoke-${t.id}-title`}>Revoke “{t.name}”? Scripts using it are refused at once.</strong>
                  <div className={styles.dataActions}>
                    <button type="button" className={`${ui.button} ${ui.small} ${ui.danger}`} onClick={() => void revoke(t)}>
                      Revoke token
                    </button>
                    <button ref={keepButton} type="button" className={`${ui.button} ${ui.small}`} onClick={() => setConfirming(null)}>
                      Keep it
                    </button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        className={styles.tokenForm}
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <label htmlFor="ws-token-name" className="visually-hidden">
          New token name
        </label>
        <input
          ref={nameInput}
          id="ws-token-name"
          className={ui.input}
          placeholder="Name, e.g. CI script"
          maxLength={NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className={`${ui.button} ${ui.small}`} disabled={busy}>
          Create token
        </button>
        <fieldset className={styles.tokenScopes}>
          <legend className={ui.hint}>The new token may</legend>
          {TOKEN_SCOPES.map((scope) => (
            <label key={scope} className={ui.hint}>
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) => setScopes((now) => TOKEN_SCOPES.filter((s) => (s === scope ? e.target.checked : now.includes(s))))}
              />{' '}
              {SCOPE_LABELS[scope]}
            </label>
          ))}
        </fieldset>
      </form>
      <p className={`${ui.hint} ${ui.error}`} role="alert">
        {error}
      </p>
      <p className={ui.hint} role="status">
        {note}
      </p>
    </fieldset>
  );
}
