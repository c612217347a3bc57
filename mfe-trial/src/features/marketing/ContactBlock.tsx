import buttons from '../../components/buttons.module.css';
import { CONTACT } from './contactLinks';
import styles from './marketing.module.css';

/** E-mail link, social link and a community button. External links open in a new tab and say so. */
export function ContactBlock() {
  return (
    <section className={styles.card} aria-labelledby="trial-contact-heading">
      <h2 id="trial-contact-heading" className={styles.cardHeading}>
        Questions or feedback?
      </h2>
      <p className={styles.cardText}>Write to us, follow along, or talk with other people who use Prompt Perfect.</p>
      <ul className={styles.contactList}>
        <li>
          <span className={styles.contactLabel}>E-mail</span>
          <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
        </li>
        <li>
          <span className={styles.contactLabel}>Social</span>
          <a href={CONTACT.social.href} target="_blank" rel="noopener noreferrer">
            {CONTACT.social.label}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      </ul>
      <a className={buttons.secondary} href={CONTACT.community.href} target="_blank" rel="noopener noreferrer">
        {CONTACT.community.label}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </section>
  );
}
