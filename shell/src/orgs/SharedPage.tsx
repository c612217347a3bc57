import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { SharedPrompt } from '@prompt-perfect/core/api/orgs';
import { fetchSharedPrompt } from '@prompt-perfect/shared/orgs/orgsClient';
import buttons from '@prompt-perfect/shared/styles/buttons.module.css';
import { COPY_STATUS_TEXT, useClipboardCopy } from '@prompt-perfect/shared/ui/useClipboardCopy';
import { errorText, formatDate } from './errorText';
import { Loading } from './Loading';
import { optionLabel } from './optionLabel';
import styles from './orgs.module.css';

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; shared: SharedPrompt };

function SharedVersion({ shared }: { shared: SharedPrompt }) {
  const { version } = shared;
  const { state, copy } = useClipboardCopy(version.text);
  const config = [
    ['Technique', version.technique],
    ['Provider', version.provider],
    ['Model', version.model],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]));
  const options = Object.entries(version.options ?? {});
  return (
    <>
      <div className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>{shared.prompt}</h1>
        <p className={styles.muted}>
          Version {version.version}
          {shared.label && ` · label ${shared.label}`} · shared by {shared.sharedBy}
          {shared.expiresAt ? ` · link expires ${formatDate(shared.expiresAt)}` : ''}
        </p>
      </div>
      <section className={styles.section} aria-labelledby="shared-text">
        <div className={styles.actions}>
          <h2 id="shared-text" className={styles.sectionTitle}>
            Prompt text
          </h2>
          <button type="button" className={`${buttons.button} ${buttons.small}`} onClick={copy}>
            Copy
          </button>
          <span className={styles.muted} role="status">
            {state === 'idle' ? '' : COPY_STATUS_TEXT[state]}
          </span>
        </div>
        <pre className={styles.code}>
          <code>{version.text}</code>
        </pre>
      </section>
      <section className={styles.section} aria-labelledby="shared-details">
        <h2 id="shared-details" className={styles.sectionTitle}>
          Variables and configuration
        </h2>
        <dl className={styles.facts}>
          <dt>Variables</dt>
          <dd>{version.variables.length ? version.variables.map((v) => `{{${v}}}`).join(', ') : 'None'}</dd>
          {config.map(([name, value]) => (
            <div key={name} className={styles.factRow}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          {options.map(([name, value]) => (
            <div key={name} className={styles.factRow}>
              <dt>{optionLabel(name)}</dt>
              <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
            </div>
          ))}
          {version.message && (
            <div className={styles.factRow}>
              <dt>Note</dt>
              <dd>{version.message}</dd>
            </div>
          )}
        </dl>
      </section>
    </>
  );
}

/** /s/:token: one shared prompt version, for anyone with the link; never indexed. */
export default function SharedPage() {
  const token = useParams().token ?? '';
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    setLoad({ state: 'loading' });
    fetchSharedPrompt(token, abort.signal).then(
      (shared) => setLoad({ state: 'ready', shared }),
      (failure) => {
        if (!abort.signal.aborted) setLoad({ state: 'failed', message: errorText(failure) });
      },
    );
    return () => abort.abort();
  }, [token]);
  return (
    <main id="main" className={styles.page}>
      {/* React puts it in <head> while this page is shown. */}
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
      {load.state === 'loading' && <Loading text="Opening the shared prompt…" />}
      {load.state === 'failed' && (
        <section className={styles.centred}>
          <h1 className={styles.sectionTitle}>This link cannot be opened</h1>
          <p className={styles.error} role="alert">
            {load.message}
          </p>
        </section>
      )}
      {load.state === 'ready' && <SharedVersion shared={load.shared} />}
    </main>
  );
}
