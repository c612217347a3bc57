import ReactMarkdown from 'react-markdown';
import styles from './Output.module.css';

/**
 * Formatted output. react-markdown's DEFAULT urlTransform is kept on purpose: link and image
 * URLs survive only with no scheme or http, https, irc, ircs, mailto, xmpp (spec section 5);
 * anything else (javascript:, data:, ...) is blanked. Raw HTML is not rendered.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <div className={styles.markdown}>
      <ReactMarkdown>{text}</ReactMarkdown>
    </div>
  );
}
