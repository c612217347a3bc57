import styles from './Header.module.css';

/**
 * The logo, drawn in the page: an <img> of an SVG costs the browser a document of its own to
 * parse, style and lay out before the first paint. Decorative: the home link's text names it.
 */
export function Logo() {
  return (
    <svg
      className={styles.logo}
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 64 64"
      width={36}
      height={36}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="14" fill="#4f46e5" />
      <path d="M20 46V18h13.5c6.4 0 10.5 3.8 10.5 9.4S39.9 37 33.5 37H27v9z" fill="#fff" />
      <circle cx="46" cy="46" r="5" fill="#a5b4fc" />
    </svg>
  );
}
