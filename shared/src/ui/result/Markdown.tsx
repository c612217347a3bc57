import { memo, useDeferredValue } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import styles from './ResultView.module.css';

/**
 * A link or image whose URL the default urlTransform blanked (unsafe scheme) or that had none.
 * Rendering `<a href="">` would reload the page on click and `<img src="">` makes React warn and
 * the browser refetch the page, so those render as plain text instead.
 */
const components: Components = {
  a: ({ node: _node, href, children, ...rest }) =>
    href ? (
      <a href={href} {...rest}>
        {children}
      </a>
    ) : (
      <span className={styles.blockedLink}>{children}</span>
    ),
  img: ({ node: _node, src, alt, ...rest }) =>
    typeof src === 'string' && src ? (
      <img src={src} alt={alt ?? ''} {...rest} />
    ) : alt ? (
      <span className={styles.blockedImage}>{alt}</span>
    ) : null,
};

/**
 * Formatted output. react-markdown's DEFAULT urlTransform is kept on purpose: link and image
 * URLs survive only with no scheme or http, https, irc, ircs, mailto, xmpp (spec section 5);
 * anything else (javascript:, data:, ...) is blanked, and a blanked URL renders as its text.
 * Raw HTML is not rendered.
 */
export function Markdown({ text }: { text: string }) {
  // While an answer streams in, each re-parse of the whole text is a low-priority render: typing
  // and clicks (Stop) stay responsive, and React drops renders that newer text made stale.
  const deferred = useDeferredValue(text);
  return <RenderedMarkdown text={deferred} />;
}

const RenderedMarkdown = memo(function RenderedMarkdown({ text }: { text: string }) {
  return (
    <div className={styles.markdown}>
      <ReactMarkdown components={components}>{text}</ReactMarkdown>
    </div>
  );
});
