/**
 * Build-time prerender of the visitor page: the shell's server build renders the page with the
 * trial remote's server build (from the remote's own dist/), and the result is written beside the
 * shell's index.html as visitor.html, with visitor.json naming the trial build it holds. The server
 * serves it only while that trial build is the one deployed (proxy-server/src/static/visitorPage.ts):
 * a trial remote deployed again on its own gets today's client rendering until the next prerender.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

const TRIAL_SERVER_BUILD = 'server/serverRender.cjs';
const SHELL_SERVER_BUILD = 'dist-server/renderVisitorPage.cjs';

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Where the page loads the trial remote from: the prerendered page is served only for this URL (proxy-server/src/static/visitorPage.ts). */
const TRIAL_BASE = '/remotes/trial/';

/**
 * The first screen's CSS (the shell's start-up files and the trial's exposed module's, as their
 * builds listed them in preload-manifest.json), inlined: the page paints without waiting a round
 * trip per stylesheet. Beside each, a disabled <link> to the same file: never fetched, but Rspack's
 * CSS chunk loader and Module Federation both take a stylesheet <link> with the file's href as the
 * file already loaded, so the scripts do not fetch the same rules again.
 */
function firstScreenCss(root, markerAttribute) {
  const shellFiles = JSON.parse(readFileSync(path.join(root, 'shell/dist/preload-manifest.json'), 'utf8')).files ?? [];
  const trialFiles =
    JSON.parse(readFileSync(path.join(root, 'mfe-trial/dist/preload-manifest.json'), 'utf8')).exposes?.TrialApp
      ?.files ?? [];
  const css = [
    ...shellFiles
      .filter((f) => f.endsWith('.css'))
      .map((f) => ({ file: path.join(root, 'shell/dist', f), href: `/${f}` })),
    ...trialFiles
      .filter((f) => f.endsWith('.css'))
      .map((f) => ({ file: path.join(root, 'mfe-trial/dist', f), href: `${TRIAL_BASE}${f}` })),
  ];
  // Relative url()s would resolve against the page instead of the remote: none today, refuse any.
  const sheets = css.map(({ file, href }) => ({
    href,
    text: readFileSync(file, 'utf8').replace(/\/\*# sourceMappingURL=.*?\*\//g, ''),
  }));
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

/** @returns {Promise<boolean>} whether the page was written (false: a server build is missing). */
export async function prerenderVisitorPage(root) {
  const shellDist = path.join(root, 'shell/dist');
  const trialFile = path.join(root, 'mfe-trial/dist', TRIAL_SERVER_BUILD);
  const shellFile = path.join(root, 'shell', SHELL_SERVER_BUILD);
  if (!existsSync(trialFile) || !existsSync(shellFile)) return false;

  const shell = require(shellFile);
  const trial = require(trialFile);
  const markup = await shell.renderVisitorPage(trial.TrialApp);
  const head = shell.visitorHead(trial.pageWords());

  const template = readFileSync(path.join(shellDist, 'index.html'), 'utf8');
  // The (deferred) scripts go after the page: measured on the phone profile, Chromium paints the
  // prerendered page sooner when the parser meets them last (same order, same defer semantics).
  const scripts = template.match(/<script defer[^>]*><\/script>/g) ?? [];
  const root_ = '<div id="root"></div>';
  if (!template.includes(root_)) throw new Error('shell/dist/index.html has no empty <div id="root"></div> to fill.');
  const page = template
    // The page's own title and description replace the template's.
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    // ...but fetched first: nothing runs before the entry script, which would otherwise wait behind the preloads.
    .replace('<head>', `<head>${scripts.map(entryPreload).join('')}`)
    .replace('</head>', `${head}${firstScreenCss(root, shell.INLINED_STYLESHEET_ATTRIBUTE)}</head>`)
    .replace(root_, `<div id="root" ${shell.PRERENDERED_ATTRIBUTE}="${shell.PRERENDERED_VISITOR}">${markup}</div>`)
    // It works without scripts now.
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(/<script defer[^>]*><\/script>/g, '')
    .replace('</body>', `${scripts.join('')}</body>`);
  writeFileSync(path.join(shellDist, 'visitor.html'), page);
  writeFileSync(
    path.join(shellDist, 'visitor.json'),
    JSON.stringify(
      { trialServerBuild: { file: TRIAL_SERVER_BUILD, sha256: sha256(trialFile) }, builtAt: new Date().toISOString() },
      null,
      1,
    ),
  );
  return true;
}
