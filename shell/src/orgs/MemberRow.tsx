import { useState } from 'react';
import { type OrgMember, type OrgRole, roleAllows } from '@prompt-perfect/core/api/orgs';
import buttons from '@prompt-perfect/shared/styles/buttons.module.css';
import { grantableRoles } from './InviteForm';
import styles from './orgs.module.css';

interface Props {
  member: OrgMember;
  myRole: OrgRole;
  isMe: boolean;
  /** The organization's only owner: may be neither demoted nor removed. */
  lastOwner: boolean;
  onRole: (role: OrgRole) => Promise<void>;
  onRemove: () => Promise<void>;
}

export function MemberRow({ member, myRole, isMe, lastOwner, onRole, onRemove }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const admin = roleAllows(myRole, 'member.manage');
  // Only an owner changes an owner; nobody grants more than they hold.
  const mayChange = admin && !lastOwner && (member.role !== 'owner' || myRole === 'owner');
  const mayRemove = !lastOwner && (isMe || mayChange);
  const label = member.name || member.email;

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <li className={styles.row}>
      <div className={styles.who}>
        <span className={styles.name}>
          {label}
          {isMe && ' (you)'}
        </span>
        <span className={styles.email}>{member.email}</span>
      </div>
      <div className={styles.controls}>
        {mayChange ? (
          <select
            className={styles.select}
            aria-label={`Role of ${label}`}
            value={member.role}
            disabled={busy}
            onChange={(e) => act(() => onRole(e.target.value as OrgRole))}
          >
            {grantableRoles(myRole).map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        ) : (
          <span className={styles.badge}>{member.role}</span>
        )}
        {lastOwner && <span className={styles.muted}>Last owner</span>}
        {mayRemove &&
          (confirming ? (
            <>
              <button
                type="button"
                className={`${buttons.button} ${buttons.small} ${buttons.danger}`}
                disabled={busy}
                onClick={() => act(onRemove)}
              >
                {isMe ? 'Leave' : `Remove ${label}`}
              </button>
              <button
                type="button"
                className={`${buttons.ghost} ${buttons.small}`}
                onClick={() => setConfirming(false)}
              >
                Cancel
              </button>
            </>
          ) : (
            <button
              type="button"
              className={`${buttons.ghost} ${buttons.small}`}
              aria-label={isMe ? 'Leave the organization' : `Remove ${label}`}
              onClick={() => setConfirming(true)}
            >
              {isMe ? 'Leave' : 'Remove'}
            </button>
          ))}
      </div>
    </li>
  );
}
