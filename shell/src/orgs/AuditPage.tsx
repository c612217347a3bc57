import { type FormEvent, useEffect, useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useSpace } from '@prompt-perfect/shared/orgs/useSpace';
import type { AuditEntry, OrgMember } from '@prompt-perfect/core/api/orgs';
import { apiResponse } from '@prompt-perfect/shared/api/client';
import { type AuditFilter, auditUrl, listAudit, listMembers } from '@prompt-perfect/shared/orgs/orgsClient';
import buttons from '@prompt-perfect/shared/styles/buttons.module.css';
import field from '@prompt-perfect/shared/styles/field.module.css';
import { BackLink } from './BackLink';
import { errorText, formatDate, statusOf } from './errorText';
import { Loading } from './Loading';
import styles from './orgs.module.css';

const ONLY_ADMINS = 'Only the organization’s owners and admins can see its audit log.';

type Load =
  | { state: 'loading' }
  | { state: 'failed'; message: string; noAccess: boolean }
  | { state: 'ready'; items: AuditEntry[] };

const NO_ACCESS = [403, 404];

const failureText = (failure: unknown) => (statusOf(failure) === 403 ? ONLY_ADMINS : errorText(failure));

/** Downloads an export with the same credentials as any API call (a session cookie or Clerk's token). */
async function download(url: string, fileName: string): Promise<void> {
  const blob = await (await apiResponse(url)).blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** /orgs/:slug/audit: who did what, filtered by prompt or person, exported as CSV or JSON (admins). */
export default function AuditPage() {
  const slug = useParams().slug ?? '';
  // A slug the person has no organization for is not echoed back: it may be someone else's.
  const orgName = useSpace().orgs.find((org) => org.slug === slug)?.name;
  const [draft, setDraft] = useState<AuditFilter>({});
  const [filter, setFilter] = useState<AuditFilter>({});
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [exportError, setExportError] = useState<string | null>(null);
  const [people, setPeople] = useState<OrgMember[]>([]);
  const promptId = useId();
  const actorId = useId();

  useEffect(() => {
    listMembers(slug).then(setPeople, () => setPeople([]));
  }, [slug]);

  useEffect(() => {
    const abort = new AbortController();
    setLoad({ state: 'loading' });
    listAudit(slug, filter, abort.signal).then(
      (items) => setLoad({ state: 'ready', items }),
      (failure) => {
        if (!abort.signal.aborted)
          setLoad({
            state: 'failed',
            message: failureText(failure),
            noAccess: NO_ACCESS.includes(statusOf(failure) ?? 0),
          });
      },
    );
    return () => abort.abort();
  }, [slug, filter]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ prompt: draft.prompt?.trim() || undefined, actor: draft.actor?.trim() || undefined });
  };

  const exportAs = (format: 'csv' | 'json') => {
    setExportError(null);
    download(auditUrl(slug, filter, format), `audit-${slug}.${format}`).catch((failure) =>
      setExportError(failureText(failure)),
    );
  };

  // Not an admin, or not a member (404): the error and the way back, no filter for a log they cannot read.
  const noAccess = load.state === 'failed' && load.noAccess;

  return (
    <main id="main" className={styles.page}>
      <div className={styles.pageHeader}>
        <BackLink />
        <h1 className={styles.pageTitle}>Audit log</h1>
        {orgName && load.state !== 'failed' && (
          <p className={styles.muted}>Label moves, versions, members, tokens, webhooks and imports in {orgName}.</p>
        )}
      </div>
      {!noAccess && (
        <>
          <form className={styles.form} onSubmit={apply} aria-label="Filter the audit log">
            <div className={styles.grow}>
              <label className={field.label} htmlFor={promptId}>
                Prompt
              </label>
              <input
                id={promptId}
                className={field.input}
                value={draft.prompt ?? ''}
                onChange={(e) => setDraft({ ...draft, prompt: e.target.value })}
                placeholder="support-reply"
              />
            </div>
            <div className={styles.grow}>
              <label className={field.label} htmlFor={actorId}>
                Person
              </label>
              <select
                id={actorId}
                className={field.input}
                value={draft.actor ?? ''}
                onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
              >
                <option value="">Anyone</option>
                {people.map((person) => (
                  <option key={person.userId} value={person.userId}>
                    {person.name || person.email}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={buttons.button}>
              Filter
            </button>
          </form>
          <div className={styles.actions}>
            <button type="button" className={buttons.button} onClick={() => exportAs('csv')}>
              Export CSV
            </button>
            <button type="button" className={buttons.button} onClick={() => exportAs('json')}>
              Export JSON
            </button>
          </div>
        </>
      )}
      {exportError && (
        <p className={styles.error} role="alert">
          {exportError}
        </p>
      )}
      {load.state === 'loading' && <Loading text="Loading the audit log…" />}
      {load.state === 'failed' && (
        <p className={styles.error} role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'ready' &&
        (load.items.length === 0 ? (
          <p className={styles.muted}>Nothing recorded{filter.prompt || filter.actor ? ' for this filter' : ''} yet.</p>
        ) : (
          <div className={`${styles.section} ${styles.tableWrap}`}>
            <table className={styles.table}>
              <caption className="visually-hidden">Audit entries, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Prompt</th>
                </tr>
              </thead>
              <tbody>
                {load.items.map((entry) => (
                  <tr key={entry.id}>
                    <td data-label="When">{formatDate(entry.at)}</td>
                    <td data-label="Who">{entry.actor.name}</td>
                    <td data-label="What">
                      {/* One item beside the label when a phone lays the cell out as a grid. */}
                      <span>
                        <span className={styles.badge}>{entry.action}</span> {entry.summary}
                      </span>
                    </td>
                    <td data-label="Prompt">{entry.prompt ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </main>
  );
}
