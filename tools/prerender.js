/**
 * Build-time prerender of the visitor page: the shell's server build renders the page with an empty
 * trial slot, written beside the shell's index.html as visitor.html. The trial's markup is not in
 * it: the server writes the released trial remote's own fragment (its prerender.json, see
 * tools/prerenderTrial.js) into the slot and its head and CSS before </head>, per page
 * (proxy-server/src/static/visitorPage.ts), so a trial release changes the first paint too.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

const SHELL_SERVER_BUILD = 'dist-server/renderVisitorPage.cjs';
/** core/src/contracts/prerender.ts: where the server writes the release's fragment and head. */
const TRIAL_FRAGMENT_SLOT = '@@prompt-perfect-trial-fragment@@';
const VISITOR_HEAD_SLOT = '<!--prompt-perfect-visitor-head-->';

/**
 * The shell's first-screen CSS (its start-up files, as its build listed them in preload-manifest.json),
 * inlined: the page paints without waiting a round trip per stylesheet. Beside each, a disabled
 * <link> to the same file: never fetched, but Rspack's CSS chunk loader takes a stylesheet <link>
 * with the file's href as the file already loaded, so the scripts do not fetch the same rules again.
 * (The trial's CSS is the release's: the server inlines it the same way.)
 */
function firstScreenCss(root, markerAttribute) {
  const shellFiles = JSON.parse(readFileSync(path.join(root, 'shell/dist/preload-manifest.json'), 'utf8')).files ?? [];
  const sheets = shellFiles
    .filter((f) => f.endsWith('.css'))
    .map((f) => ({
      href: `/${f}`,
      text: readFileSync(path.join(root, 'shell/dist', f), 'utf8').replace(/\/\*# sourceMappingURL=.*?\*\//g, ''),
    }));
  // Relative url()s would resolve against the page: none today, refuse any.
  if (sheets.some(({ text }) => /url\((?!\s*['"]?data:)/.test(text)))
    throw new Error('First-screen CSS with url() cannot be inlined into the visitor page.');
  return sheets
    .map(
      ({ href, text }) =>
        `<style>${text.replace(/<\/style/gi, '<\\/style')}</style>` +
        `<link rel="stylesheet" href="${href}" ${markerAttribute} disabled>`,
    )
    .join('');
}

/** A preload of high priority for a deferred entry script (a script at the end of the body is fetched with low priority). */
function entryPreload(scriptTag) {
  const src = /src="([^"]+)"/.exec(scriptTag)?.[1];
  return src ? `<link rel="preload" as="script" href="${src}" fetchpriority="high">` : '';
}

/** @returns {Promise<boolean>} whether the page was written (false: the shell's server build is missing). */
export async function prerenderVisitorPage(root) {
  const shellDist = path.join(root, 'shell/dist');
  const shellFile = path.join(root, 'shell', SHELL_SERVER_BUILD);
  if (!existsSync(shellFile)) return false;

  const shell = require(shellFile);
  // The slot's place, filled per page with the released trial's fragment (a component may return text).
  const markup = await shell.renderVisitorPage(() => TRIAL_FRAGMENT_SLOT);
  if (!markup.includes(TRIAL_FRAGMENT_SLOT)) throw new Error('The visitor page was rendered without its trial slot.');

  const template = readFileSync(path.join(shellDist, 'index.html'), 'utf8');
  // The (deferred) scripts go after the page: measured on the phone profile, Chromium paints the
  // prerendered page sooner when the parser meets them last (same order, same defer semantics).
  const scripts = template.match(/<script defer[^>]*><\/script>/g) ?? [];
  const root_ = '<div id="root"></div>';
  if (!template.includes(root_)) throw new Error('shell/dist/index.html has no empty <div id="root"></div> to fill.');
  const page = template
    // The page's own title and description (the release's words) replace the template's.
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    // ...but fetched first: nothing runs before the entry script, which would otherwise wait behind the preloads.
    .replace('<head>', `<head>${scripts.map(entryPreload).join('')}`)
    // The trial's CSS after the shell's, as the scripts would add them.
    .replace('</head>', `${firstScreenCss(root, shell.INLINED_STYLESHEET_ATTRIBUTE)}${VISITOR_HEAD_SLOT}</head>`)
    .replace(root_, `<div id="root" ${shell.PRERENDERED_ATTRIBUTE}="${shell.PRERENDERED_VISITOR}">${markup}</div>`)
    // It works without scripts now.
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(/<script defer[^>]*><\/script>/g, '')
    .replace('</body>', `${scripts.join('')}</body>`);
  writeFileSync(path.join(shellDist, 'visitor.html'), page);
  return true;
}
