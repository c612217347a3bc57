import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { LabelMovedEvent, WebhookDelivery, WebhookStatus } from '@prompt-perfect/core/api/registry';
import { fetchWebhook, removeWebhook, saveWebhook } from '@prompt-perfect/shared/api/promptsClient';
import ui from '../../ui/ui.module.css';
import history from '../../ui/versions.module.css';
import styles from './Prompts.module.css';
import { useSpaceAction } from './useSpaceAction';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const eventOf = (d: WebhookDelivery) => {
  try {
    const event = JSON.parse(d.payload) as LabelMovedEvent;
    return `${event.prompt}: ${event.label} → ${event.toVersion === null ? 'removed' : `version ${event.toVersion}`}`;
  } catch {
    return 'label moved';
  }
};

const resultOf = (d: WebhookDelivery) =>
  `${d.status}, ${d.attempts} attempt${d.attempts === 1 ? '' : 's'}${d.lastResponse ? `, HTTP ${d.lastResponse}` : ''}${d.lastError ? `, ${d.lastError}` : ''}`;

/** The account's webhook for label moves: its URL, the signing secret shown once, and its deliveries. */
export function WebhookSettings() {
  const [state, setState] = useState<WebhookStatus | null>(null);
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const { busy, error, setError, run } = useSpaceAction();

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const next = await fetchWebhook(signal);
        setState(next);
        setUrl((typed) => typed || next.webhook?.url || '');
      } catch (err) {
        if ((err as Error).name !== 'AbortError') setError((err as Error).message);
      }
    },
    [setError],
  );

  useEffect(() => {
    const abort = new AbortController();
    void load(abort.signal);
    return () => abort.abort();
  }, [load]);

  const save = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      setSecret((await saveWebhook(url.trim())).secret);
      await load();
    });
  };

  const remove = () =>
    run(async () => {
      await removeWebhook();
      setSecret(null);
      setUrl('');
      await load();
    });

  return (
    <section className={history.section} aria-labelledby="ws-prompts-webhook">
      <h3 id="ws-prompts-webhook" className={history.heading}>
        Webhook
      </h3>
      <p className={history.muted}>
        When a label moves, the server POSTs the move to this URL, signed with HMAC-SHA256 (X-Prompt-Perfect-Signature).
      </p>
      <form className={styles.moveForm} onSubmit={save} aria-label="Webhook">
        <label className={styles.wide}>
          Webhook URL
          <input
            type="url"
            className={ui.input}
            value={url}
            placeholder="https://example.com/hooks/prompts"
            onChange={(e) => setUrl(e.target.value)}
            required
          />
        </label>
        <button type="submit" className={`${ui.button} ${ui.small}`} aria-busy={busy}>
          {state?.webhook ? 'Save with a new secret' : 'Save'}
        </button>
        {state?.webhook && (
          <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => void remove()} aria-busy={busy}>
            Remove
          </button>
        )}
      </form>
      {secret && (
        <p className={styles.secret} role="status">
          Signing secret (shown only now): <code>{secret}</code>
        </p>
      )}
      {error && (
        <p className={ui.error} role="alert">
          {error}
        </p>
      )}
      {state && state.deliveries.length > 0 && (
        <ul className={styles.deliveries} aria-label="Webhook deliveries">
          {state.deliveries.map((d) => (
            <li key={d.id} data-testid="webhook-delivery">
              {when(d.createdAt)} · {eventOf(d)} · {resultOf(d)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
