import { type ApiTokenInfo, TOKEN_SCOPES, type TokenScope } from '@prompt-perfect/core/api/tokens';
import { messageOf } from '@prompt-perfect/core/errors/messageOf';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { CreatedApiToken } from '@prompt-perfect/core/api/tokens';
import { createApiToken, listApiTokens, revokeApiToken } from '@prompt-perfect/shared/api/tokensClient';
import { COPY_STATUS_TEXT, useClipboardCopy } from '@prompt-perfect/shared/ui/useClipboardCopy';
import ui from '../../ui/ui.module.css';
import styles from './Account.module.css';

const NAME_MAX = 60;
const SCOPE_LABELS: Record<TokenScope, string> = {
  read: 'Read: test sets and history',
  run: 'Run: model calls, evaluations, optimizations, saving test sets',
};
const scopesText = (scopes: TokenScope[]) =>
  scopes.length === TOKEN_SCOPES.length ? 'read and run' : `${scopes.join(', ')} only`;
const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString([], { year: 'numeric', month: 'short', day: 'numeric' });

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

/** The account's tokens, loaded once; null while loading. */
function useTokenList(onError: (message: string) => void) {
  const [tokens, setTokens] = useState<ApiTokenInfo[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    listApiTokens(controller.signal)
      .then(setTokens)
      .catch((e: unknown) => {
        if (!controller.signal.aborted) {
          setTokens([]);
          onError(`Could not list your tokens: ${messageOf(e)}`);
        }
      });
    return () => controller.abort();
  }, [onError]);
  return [tokens, setTokens] as const;
}

interface TokenItemProps {
  token: ApiTokenInfo;
  busy: boolean;
  confirming: boolean;
  onAsk: () => void;
  onKeep: () => void;
  onRevoke: () => void;
  keepButton: RefObject<HTMLButtonElement | null>;
}

/** One token: its name, scopes and dates, and Revoke, which asks once more. */
function TokenItem({ token: t, busy, confirming, onAsk, onKeep, onRevoke, keepButton }: TokenItemProps) {
  return (
    <li className={styles.tokenItem}>
      <span className={styles.tokenName}>
        <strong>{t.name}</strong>
        <span className={ui.hint}>
          May {scopesText(t.scopes)} · Created {dateOf(t.createdAt)} ·{' '}
          {t.lastUsedAt ? `last used ${dateOf(t.lastUsedAt)}` : 'never used'}
        </span>
      </span>
      <button
        type="button"
        className={`${ui.button} ${ui.small} ${ui.danger}`}
        onClick={onAsk}
        disabled={busy}
        aria-label={`Revoke ${t.name}`}
        aria-expanded={confirming}
        aria-controls={`ws-revoke-${t.id}`}
      >
        Revoke
      </button>
      {confirming && (
        <div
          id={`ws-revoke-${t.id}`}
          className={`${ui.confirmBox} ${styles.revokeConfirm}`}
          role="alertdialog"
          aria-labelledby={`ws-revoke-${t.id}-title`}
        >
          <strong id={`ws-revoke-${t.id}-title`}>Revoke “{t.name}”? Scripts using it are refused at once.</strong>
          <div className={styles.dataActions}>
            <button type="button" className={`${ui.button} ${ui.small} ${ui.danger}`} onClick={onRevoke}>
              Revoke token
            </button>
            <button ref={keepButton} type="button" className={`${ui.button} ${ui.small}`} onClick={onKeep}>
              Keep it
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

interface TokenListProps {
  tokens: ApiTokenInfo[] | null;
  busy: boolean;
  /** The token whose Revoke asks once more, if any. */
  confirming: number | null;
  onConfirm: (id: number | null) => void;
  onRevoke: (token: ApiTokenInfo) => void;
  keepButton: RefObject<HTMLButtonElement | null>;
}

/** The account's tokens, or that they are loading, or that there are none. */
function TokenList({ tokens, busy, confirming, onConfirm, onRevoke, keepButton }: TokenListProps) {
  if (tokens === null) {
    return (
      <p className={ui.hint} role="status">
        Loading tokens…
      </p>
    );
  }
  if (tokens.length === 0) return <p className={ui.hint}>No tokens yet.</p>;
  return (
    <ul className={styles.tokenList} aria-label="Your API tokens">
      {tokens.map((t) => (
        <TokenItem
          key={t.id}
          token={t}
          busy={busy}
          confirming={confirming === t.id}
          onAsk={() => onConfirm(t.id)}
          onKeep={() => onConfirm(null)}
          onRevoke={() => onRevoke(t)}
          keepButton={keepButton}
        />
      ))}
    </ul>
  );
}

interface NewTokenFormProps {
  name: string;
  onName: (name: string) => void;
  scopes: TokenScope[];
  onScopes: (update: (now: TokenScope[]) => TokenScope[]) => void;
  busy: boolean;
  nameInput: RefObject<HTMLInputElement | null>;
  onCreate: () => void;
}

/** A new token's name and what it may do. */
function NewTokenForm({ name, onName, scopes, onScopes, busy, nameInput, onCreate }: NewTokenFormProps) {
  return (
    <form
      className={styles.tokenForm}
      onSubmit={(e) => {
        e.preventDefault();
        onCreate();
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
        onChange={(e) => onName(e.target.value)}
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
              onChange={(e) =>
                onScopes((now) => TOKEN_SCOPES.filter((s) => (s === scope ? e.target.checked : now.includes(s))))
              }
            />{' '}
            {SCOPE_LABELS[scope]}
          </label>
        ))}
      </fieldset>
    </form>
  );
}

/** Settings: personal API tokens for REST callers (list, create, revoke). */
export default function ApiTokens() {
  const [error, setError] = useState('');
  const [tokens, setTokens] = useTokenList(setError);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>([...TOKEN_SCOPES]);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  /** The token whose Revoke asks once more: scripts using it stop working at once. */
  const [confirming, setConfirming] = useState<number | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming !== null) keepButton.current?.focus();
  }, [confirming]);

  /** Runs one token change with Create and Revoke disabled; a failure becomes the error line. */
  const change = async (failure: string, work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (e) {
      setError(`${failure}: ${messageOf(e)}`);
    } finally {
      setBusy(false);
    }
  };

  const create = () => {
    if (!name.trim()) {
      setError('Give the token a name, e.g. the script that will use it.');
      nameInput.current?.focus();
      return;
    }
    if (scopes.length === 0) {
      setError('Allow the token at least one of Read and Run.');
      return;
    }
    setNote('');
    void change('Could not create the token', async () => {
      const made = await createApiToken(name.trim(), scopes);
      setCreated(made);
      setTokens((list) => [...(list ?? []), made.info]);
      setName('');
    });
  };

  const revoke = (token: ApiTokenInfo) => {
    setConfirming(null);
    void change(`Could not revoke “${token.name}”`, async () => {
      await revokeApiToken(token.id);
      setTokens((list) => (list ?? []).filter((t) => t.id !== token.id));
      if (created?.info.id === token.id) setCreated(null);
      setNote(`Revoked “${token.name}”. Scripts using it are refused from now on.`);
      nameInput.current?.focus();
    });
  };

  return (
    <fieldset className={styles.tokens}>
      <legend className={ui.label}>API tokens</legend>
      <p className={ui.hint}>
        Scripts call the API with <code>Authorization: Bearer &lt;token&gt;</code>. A token acts as you: keep it secret,
        revoke it when unused.
      </p>
      {created && <NewToken created={created} onDone={() => setCreated(null)} />}
      <TokenList
        tokens={tokens}
        busy={busy}
        confirming={confirming}
        onConfirm={setConfirming}
        onRevoke={revoke}
        keepButton={keepButton}
      />
      <NewTokenForm
        name={name}
        onName={setName}
        scopes={scopes}
        onScopes={setScopes}
        busy={busy}
        nameInput={nameInput}
        onCreate={create}
      />
      <p className={`${ui.hint} ${ui.error}`} role="alert">
        {error}
      </p>
      <p className={ui.hint} role="status">
        {note}
      </p>
    </fieldset>
  );
}
