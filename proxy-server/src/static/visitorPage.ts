/**
 * The prerendered visitor page (shell/dist/visitor.html, written by tools/prerender.js), when it may
 * be served: the page's trial release is this server's own copy (the default same-origin URL) and its
 * deployed server build is the one the page was rendered from (visitor.json holds its SHA-256). A
 * trial remote deployed again on its own, or moved elsewhere, gets the shell's plain page: the
 * browser renders it as before, instead of hydrating markup of another build.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The trial remote's default URL (config.ts): served from its dist directory by this server. */
const SAME_ORIGIN_TRIAL = '/remotes/trial/mf-manifest.json';

interface Recorded {
  trialServerBuild?: { file?: string; sha256?: string };
}

export interface PrerenderedPage {
  /**
   * The prerendered page's text for a page that loads the trial release at `trialManifestUrl`, or
   * undefined when it is missing or does not match that release.
   */
  text(trialManifestUrl: string): string | undefined;
}

const mtime = (file: string) => statSync(file, { throwIfNoEntry: false })?.mtimeMs;

export function createPrerenderedPage(shellDir: string, trialDir: string): PrerenderedPage {
  const pageFile = path.join(shellDir, 'visitor.html');
  const recordFile = path.join(shellDir, 'visitor.json');
  let cached: { key: string; text: string | undefined } | undefined;

  const load = (): string | undefined => {
    let recorded: Recorded;
    try {
      recorded = JSON.parse(readFileSync(recordFile, 'utf8')) as Recorded;
    } catch {
      return undefined;
    }
    const { file, sha256 } = recorded.trialServerBuild ?? {};
    if (typeof file !== 'string' || typeof sha256 !== 'string' || file.includes('..')) return undefined;
    try {
      const deployed = createHash('sha256')
        .update(readFileSync(path.join(trialDir, file)))
        .digest('hex');
      return deployed === sha256 ? readFileSync(pageFile, 'utf8') : undefined;
    } catch {
      return undefined;
    }
  };

  return {
    text(trialManifestUrl) {
      if (trialManifestUrl !== SAME_ORIGIN_TRIAL) return undefined;
      // Read again whenever the shell or the trial remote is rebuilt while the server runs.
      const key = [mtime(pageFile), mtime(recordFile), mtime(path.join(trialDir, 'server/serverRender.cjs'))].join('|');
      if (cached?.key !== key) cached = { key, text: load() };
      return cached.text;
    },
  };
}
