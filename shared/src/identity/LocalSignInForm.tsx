import { useId, useState, type FormEvent } from 'react';
import { signInLocal } from '../api/client';
import { applyLocalSession } from './localSession';
import styles from './LocalSignInForm.module.css';

interface Props {
  heading: string;
  submitLabel: string;
  onSignedIn: () => void;
}

/** Name and e-mail only: this is the clearly labelled local identity, not a real account system. */
export function LocalSignInForm({ heading, submitLabel, onSignedIn }: Props) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError('Please enter your name.');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setError('Please enter a valid e-mail address.');
    setBusy(true);
    setError(null);
    try {
      applyLocalSession(await signInLocal({ name: name.trim(), email: email.trim() }));
      onSignedIn();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Sign-in failed. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={headingId} noValidate>
      <h1 id={headingId} className={styles.heading}>
        {heading}
      </h1>
      <p className={styles.localNote}>
        <span className={styles.badge}>Local identity</span> No identity service is configured, so this server signs you
        in on this machine only. No password is needed.
      </p>
      <label className={styles.label}>
        Name
        <input
          className={styles.input}
          name="name"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={error !== null && !name.trim()}
          aria-describedby={error ? errorId : undefined}
          maxLength={80}
          required
        />
      </label>
      <label className={styles.label}>
        E-mail
        <input
          className={styles.input}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-describedby={error ? errorId : undefined}
          maxLength={254}
          required
        />
      </label>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <button className={styles.submit} type="submit" disabled={busy}>
        {busy ? 'Signing in…' : submitLabel}
      </button>
    </form>
  );
}
