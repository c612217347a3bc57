import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { type OrgInvite, type OrgMember, type OrgRole, roleAllows } from '@prompt-perfect/core/api/orgs';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import {
  changeMemberRole,
  listInvites,
  listMembers,
  removeMember,
  revokeInvite,
} from '@prompt-perfect/shared/orgs/orgsClient';
import { useSpace } from '@prompt-perfect/shared/orgs/useSpace';
import buttons from '@prompt-perfect/shared/styles/buttons.module.css';
import { BackLink } from './BackLink';
import { errorText, formatDate } from './errorText';
import { InviteForm } from './InviteForm';
import { Loading } from './Loading';
import { MemberRow } from './MemberRow';
import { refreshOrgs } from './refreshOrgs';
import styles from './orgs.module.css';

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; members: OrgMember[] };

/** /orgs/:slug/members: who belongs, their roles, pending invitations and new ones. */
export default function MembersPage() {
  const slug = useParams().slug ?? '';
  const userId = useAuthStore((state) => state.user?.id);
  // A slug the person has no organization for is not echoed back: it may be someone else's.
  const orgName = useSpace().orgs.find((org) => org.slug === slug)?.name;
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [invites, setInvites] = useState<OrgInvite[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [done, setDone] = useState('');

  const members = load.state === 'ready' ? load.members : [];
  const myRole: OrgRole | undefined = members.find((m) => m.userId === userId)?.role;
  const admin = myRole !== undefined && roleAllows(myRole, 'member.manage');

  const loadInvites = useCallback(() => {
    listInvites(slug).then(setInvites, () => setInvites([]));
  }, [slug]);

  useEffect(() => {
    const abort = new AbortController();
    setLoad({ state: 'loading' });
    listMembers(slug, abort.signal).then(
      (items) => setLoad({ state: 'ready', members: items }),
      (error) => {
        if (!abort.signal.aborted) setLoad({ state: 'failed', message: errorText(error) });
      },
    );
    return () => abort.abort();
  }, [slug]);

  useEffect(() => {
    if (admin) loadInvites();
  }, [admin, loadInvites]);

  const replace = (userIdOf: string, next: OrgMember | null) =>
    setLoad((current) =>
      current.state !== 'ready'
        ? current
        : {
            state: 'ready',
            members: next
              ? current.members.map((m) => (m.userId === userIdOf ? next : m))
              : current.members.filter((m) => m.userId !== userIdOf),
          },
    );

  const guarded = async (work: () => Promise<void>, doneText: string) => {
    setNotice(null);
    setDone('');
    try {
      await work();
      setDone(doneText);
    } catch (error) {
      setNotice(errorText(error));
    }
  };

  const owners = members.filter((m) => m.role === 'owner').length;

  return (
    <main id="main" className={styles.page}>
      <div className={styles.pageHeader}>
        <BackLink />
        <h1 className={styles.pageTitle}>{orgName ? `Members of ${orgName}` : 'Members'}</h1>
        {load.state !== 'failed' && (
          <p className={styles.muted}>Changes apply on each person’s next request, for their sessions and tokens.</p>
        )}
      </div>
      <p className={styles.status} role="status">
        {done}
      </p>
      {notice && (
        <p className={styles.error} role="alert">
          {notice}
        </p>
      )}
      {load.state === 'loading' && <Loading text="Loading members…" />}
      {load.state === 'failed' && (
        <p className={styles.error} role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && (
        <section className={styles.section} aria-labelledby="members-title">
          <h2 id="members-title" className={styles.sectionTitle}>
            {members.length === 1 ? '1 member' : `${members.length} members`}
          </h2>
          <ul className={styles.list}>
            {members.map((member) => (
              <MemberRow
                key={member.userId}
                member={member}
                myRole={myRole ?? 'viewer'}
                isMe={member.userId === userId}
                lastOwner={member.role === 'owner' && owners === 1}
                onRole={(role) =>
                  guarded(
                    async () => replace(member.userId, await changeMemberRole(slug, member.userId, role)),
                    `${member.name || member.email} is now ${role}.`,
                  )
                }
                onRemove={() =>
                  guarded(
                    async () => {
                      await removeMember(slug, member.userId);
                      if (member.userId === userId) {
                        await refreshOrgs(member.userId);
                        navigate('/');
                      } else replace(member.userId, null);
                    },
                    `${member.name || member.email} was removed.`,
                  )
                }
              />
            ))}
          </ul>
        </section>
      )}
      {admin && myRole && <InviteForm org={slug} myRole={myRole} onInvited={loadInvites} />}
      {admin && invites.length > 0 && (
        <section className={styles.section} aria-labelledby="invites-title">
          <h2 id="invites-title" className={styles.sectionTitle}>
            Pending invitations
          </h2>
          <ul className={styles.list}>
            {invites.map((invite) => (
              <li key={invite.id} className={styles.row}>
                <div className={styles.who}>
                  <span className={styles.name}>{invite.email ?? 'Link invitation'}</span>
                  <span className={styles.muted}>
                    {invite.role} · expires {formatDate(invite.expiresAt)}
                  </span>
                </div>
                <button
                  type="button"
                  className={`${buttons.ghost} ${buttons.small}`}
                  aria-label={`Revoke the invitation ${invite.email ? `for ${invite.email}` : `as ${invite.role}`}`}
                  onClick={() =>
                    guarded(async () => {
                      await revokeInvite(slug, invite.id);
                      setInvites((all) => all.filter((i) => i.id !== invite.id));
                    }, 'Invitation revoked.')
                  }
                >
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
