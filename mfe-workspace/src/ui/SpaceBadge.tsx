import { useActiveOrg } from '../state/space';
import styles from './space.module.css';

/** Which space a panel shows and writes: the organization and the person's role there, or their own. */
export function SpaceBadge() {
  const org = useActiveOrg();
  return (
    <p className={styles.badge} data-testid="space-badge">
      <span className="visually-hidden">Space: </span>
      {org ? (
        <>
          <strong>{org.name}</strong> · {org.role}
        </>
      ) : (
        'Personal space'
      )}
    </p>
  );
}

/** Why a control is off for this role, shown under it (and tied to it with aria-describedby). */
export function RoleReason({ id, reason }: { id: string; reason: string | null }) {
  if (!reason) return null;
  return (
    <p id={id} className={styles.reason} data-testid="role-reason">
      {reason}
    </p>
  );
}
