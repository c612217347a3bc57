import { useCallback, useEffect, useId, useState } from 'react';
import type { ShareLinkInfo } from '@prompt-perfect/core/api/orgs';
import { messageOf } from '@prompt-perfect/core/errors/messageOf';
import { listShareLinks, revokeShareLink } from '@prompt-perfect/shared/api/promptsClient';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { useSpaceAllows } from '../../state/space';
import ui from '../../ui/ui.module.css';
import history from '../../ui/versions.module.css';
import styles from './Prompts.module.css';
import { useSpaceAction } from './useSpaceAction';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const what = (link: ShareLinkInfo) => (link.label === null ? `version ${link.version}` : `the label ${link.label}`);

function state(link: ShareLinkInfo): string {
  if (link.revokedAt) return `revoked ${when(link.revokedAt)}`;
  if (!link.expiresAt) return 'works until revoked';
  return Date.parse(link.expiresAt) <= Date.now() ? `expired ${when(link.expiresAt)}` : `until ${when(link.expiresAt)}`;
}

/**
 * The space's read-only links to the prompt `name`, with Revoke (after a confirmation) for those the
 * person may revoke: their own, or anyone's with 'share.revoke-any'.
 */
export function SharedLinks({ name }: { name: string }) {
  const id = useId();
  const userId = useAuthStore((s) => s.user?.id);
  const revokeAny = useSpaceAllows('share.revoke-any').allowed;
  const [links, setLinks] = useState<ShareLinkInfo[] | null>(null);
  const [asking, setAsking] = useState<number | null>(null);
  const { busy, error, setError, run } = useSpaceAction();

  const load = useCallback(
    (signal?: AbortSignal) =>
      listShareLinks(name, signal).then(setLinks, (err) => {
        if (!signal?.aborted) setError(messageOf(err));
      }),
    [name, setError],
  );
  useEffect(() => {
    const abort = new AbortController();
    void load(abort.signal);
    return () => abort.abort();
  }, [load]);

  const revoke = (link: ShareLinkInfo) =>
    run(async () => {
      await revokeShareLink(link.id);
      setAsking(null);
      await load();
    });

  return (
    <section className={history.section} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={history.heading}>
        Shared links
      </h3>
      {links === null && !error && <p className={styles.muted}>Loading shared links…</p>}
      {links?.length === 0 && <p className={styles.muted}>No read-only links to {name} yet.</p>}
      {links && links.length > 0 && (
        <ul className={history.list} aria-label="Shared links">
          {links.map((link) => {
            const mine = link.createdBy === userId;
            const may = link.revokedAt === null && (mine || revokeAny);
            return (
              <li key={link.id} className={history.item} data-testid="share-link">
                <p className={history.meta}>
                  <strong>{link.label === null ? `Version ${link.version}` : `Label ${link.label}`}</strong> · by{' '}
                  {mine ? 'you' : link.createdByName} · {state(link)}
                </p>
                {may &&
                  (asking === link.id ? (
                    <div className={history.row}>
                      <span>Revoke it? Its page stops opening at once.</span>
                      <button
                        type="button"
                        className={`${ui.button} ${ui.small}`}
                        onClick={() => void revoke(link)}
                        disabled={busy}
                        aria-busy={busy}
                      >
                        Revoke link
                      </button>
                      <button type="button" className={`${ui.ghost} ${ui.small}`} onClick={() => setAsking(null)}>
                        Keep it
                      </button>
                    </div>
                  ) : (
                    <div className={history.row}>
                      <button
                        type="button"
                        className={`${ui.button} ${ui.small}`}
                        onClick={() => setAsking(link.id)}
                        aria-label={`Revoke the link to ${what(link)}`}
                      >
                        Revoke
                      </button>
                    </div>
                  ))}
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
    </section>
  );
}
