import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { InvitePreview, OrgSummary } from '@prompt-perfect/core/api/orgs';
import { ApiError } from '@prompt-perfect/shared/api/http';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { chooseSpace } from '@prompt-perfect/shared/orgs/chosenSpace';
import { acceptInvite, previewInvite } from '@prompt-perfect/shared/orgs/orgsClient';
import buttons from '@prompt-perfect/shared/styles/buttons.module.css';
import { errorText, formatDate } from './errorText';
import { Loading } from './Loading';
import { refreshOrgs } from './refreshOrgs';
import styles from './orgs.module.css';

type Preview =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; invite: InvitePreview }
  | { state: 'member'; org: OrgSummary };

/** The organization of a 409 `already_member`: the caller belongs to the one the invitation is for. */
function memberOf(failure: unknown): OrgSummary | undefined {
  if (!(failure instanceof ApiError) || failure.status !== 409) return undefined;
  const org = (failure.body as { org?: OrgSummary } | undefined)?.org;
  return org?.slug ? org : undefined;
}

/** /invite/:token: who invites you where, and Accept (signing in first when needed). */
export default function InvitePage({ onSignIn }: { onSignIn: () => void }) {
  const token = useParams().token ?? '';
  const status = useAuthStore((state) => state.status);
  const userId = useAuthStore((state) => state.user?.id);
  const navigate = useNavigate();
  const [preview, setPreview] = useState<Preview>({ state: 'loading' });
  const [accepting, setAccepting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!userId) return;
    const abort = new AbortController();
    setPreview({ state: 'loading' });
    previewInvite(token, abort.signal).then(
      (invite) => setPreview({ state: 'ready', invite }),
      (failure) => {
        if (abort.signal.aborted) return;
        const org = memberOf(failure);
        setPreview(org ? { state: 'member', org } : { state: 'failed', message: errorText(failure) });
      },
    );
    return () => abort.abort();
  }, [token, userId]);

  const enter = async (org: OrgSummary) => {
    if (!userId) return;
    await refreshOrgs(userId);
    chooseSpace(userId, org);
    navigate('/');
  };

  const accept = async () => {
    if (!userId) return;
    setAccepting(true);
    setError(null);
    try {
      await enter(await acceptInvite(token));
    } catch (failure) {
      const org = memberOf(failure);
      if (org) setPreview({ state: 'member', org });
      else setError(errorText(failure, 'The invitation could not be accepted.'));
      setAccepting(false);
    }
  };

  let body: ReactNode;
  if (status === 'loading') body = <Loading text="Checking your session…" />;
  else if (status !== 'signed-in')
    body = (
      <>
        <p className={styles.muted}>Sign in to see and accept this invitation.</p>
        <button type="button" className={buttons.primary} onClick={onSignIn}>
          Sign in
        </button>
      </>
    );
  else if (preview.state === 'loading') body = <Loading text="Opening the invitation…" />;
  else if (preview.state === 'member')
    body = (
      <>
        <p>
          You’re already a member of <strong>{preview.org.name}</strong>.
        </p>
        <button type="button" className={buttons.primary} onClick={() => enter(preview.org)}>
          Switch to {preview.org.name}
        </button>
      </>
    );
  else if (preview.state === 'failed')
    body = (
      <p className={styles.error} role="alert">
        {preview.message}
      </p>
    );
  else {
    const { invite } = preview;
    body = (
      <>
        <p>
          <strong>{invite.invitedBy}</strong> invited you to <strong>{invite.org.name}</strong> as{' '}
          <strong>{invite.role}</strong>.
        </p>
        <p className={styles.muted}>The invitation works once, until {formatDate(invite.expiresAt)}.</p>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <button type="button" className={buttons.primary} onClick={accept} disabled={accepting}>
          {accepting ? 'Joining…' : `Join ${invite.org.name}`}
        </button>
      </>
    );
  }

  return (
    <main id="main" className={styles.page}>
      {/* The token is in the address: no request from this page may carry it away in a Referer. */}
      <meta name="referrer" content="no-referrer" />
      <section className={styles.centred} aria-labelledby="invite-title">
        <h1 id="invite-title" className={styles.sectionTitle}>
          Invitation
        </h1>
        {body}
      </section>
    </main>
  );
}
