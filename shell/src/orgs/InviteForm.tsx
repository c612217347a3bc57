import { type FormEvent, useId, useState } from 'react';
import { ORG_ROLES, ROLE_RANK, type CreatedInvite, type OrgRole } from '@prompt-perfect/core/api/orgs';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { createInvite } from '@prompt-perfect/shared/orgs/orgsClient';
import buttons from '@prompt-perfect/shared/styles/buttons.module.css';
import field from '@prompt-perfect/shared/styles/field.module.css';
import { CopyField } from './CopyField';
import { errorText, formatDate } from './errorText';
import styles from './orgs.module.css';

/** Roles a person may hand out: at most their own. */
export const grantableRoles = (myRole: OrgRole): OrgRole[] =>
  ORG_ROLES.filter((role) => ROLE_RANK[role] <= ROLE_RANK[myRole]);

export function InviteForm({ org, myRole, onInvited }: { org: string; myRole: OrgRole; onInvited: () => void }) {
  const localMode = useAuthStore((state) => state.mode === 'local');
  const [role, setRole] = useState<OrgRole>('editor');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const roleId = useId();
  const emailId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setCreated(null);
    try {
      setCreated(await createInvite(org, role, email.trim() || undefined));
      setEmail('');
      onInvited();
    } catch (failure) {
      setError(errorText(failure, 'The invitation could not be created.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby={`${roleId}-title`}>
      <h2 id={`${roleId}-title`} className={styles.sectionTitle}>
        Invite
      </h2>
      <form className={styles.form} onSubmit={submit}>
        <div>
          <label className={field.label} htmlFor={roleId}>
            Role
          </label>
          <select
            id={roleId}
            className={styles.select}
            value={role}
            onChange={(e) => setRole(e.target.value as OrgRole)}
          >
            {grantableRoles(myRole).map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.grow}>
          <label className={field.label} htmlFor={emailId}>
            E-mail (optional)
          </label>
          <input
            id={emailId}
            className={field.input}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="name@example.com"
            autoComplete="off"
          />
        </div>
        <button type="submit" className={buttons.primary} disabled={busy}>
          {busy ? 'Creating link…' : 'Create invitation link'}
        </button>
      </form>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {created && (
        <div className={styles.success}>
          <CopyField label="Invitation link" value={created.url} />
          <p className={styles.muted}>
            {localMode ? 'Copy this link and send it. ' : 'Send this link to the person you invite. '}
            It works once, until {formatDate(created.expiresAt)}.
          </p>
        </div>
      )}
    </section>
  );
}
