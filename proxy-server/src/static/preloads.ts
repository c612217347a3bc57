/**
 * <link rel="preload"> tags derived from what the build wrote (never hand-written): the shell's
 * start-up chunks, and the visitor route's remote (its manifest, remoteEntry.js and the exposed
 * module's synchronous chunks), so the browser fetches them while main.js is still running instead
 * of discovering them one request after another.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestAssets {
  js?: { sync?: string[] };
  css?: { sync?: string[] };
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ name?: string; assets?: ManifestAssets }>;
  shared?: Array<{ name?: string; assets?: ManifestAssets }>;
}

/**
 * The remote's own copies of shared modules: only our shared package's small modules can be the
 * remote's to load (react, react-dom, the router and zustand always come from the shell).
 */
const FETCHED_FROM_REMOTE = /^@prompt-perfect\/shared\//;

export interface Preload {
  href: string;
  as: 'fetch' | 'script' | 'style';
  /** The real request is a CORS one (a fetch, or the remote entry's script with crossorigin): the preload must match it. */
  cors?: boolean;
}

const isSafeAsset = (name: unknown): name is string => typeof name === 'string' && /^[\w./-]+$/.test(name) && !name.includes('..');

/** The shared modules the shell (the host) provides, from its build's mf-manifest.json. */
export function hostProvided(shellDistDir: string): Set<string> {
  try {
    const manifest = JSON.parse(readFileSync(path.join(shellDistDir, 'mf-manifest.json'), 'utf8')) as Manifest;
    return new Set((manifest.shared ?? []).map((s) => s.name).filter((n): n is string => typeof n === 'string'));
  } catch {
    return new Set();
  }
}

/**
 * Preloads for one remote whose manifest URL is served from `distDir` (a same-origin default such as
 * /remotes/trial/mf-manifest.json). A remote on another origin gets only its manifest preloaded:
 * its other files are known only once its manifest is read. Its copies of shared modules the host
 * provides are left out: the host's copy wins (it registers first), so the remote's is never fetched.
 */
export function remotePreloads(manifestUrl: string, distDir: string, exposed: string, provided: Set<string> = new Set()): Preload[] {
  const out: Preload[] = [{ href: manifestUrl, as: 'fetch', cors: true }];
  if (/^[a-z][a-z0-9+.-]*:/i.test(manifestUrl)) return out;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8')) as Manifest;
  } catch {
    return out;
  }
  const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const entry = manifest.metaData?.remoteEntry;
  const entryFile = `${entry?.path ?? ''}${entry?.name ?? ''}`;
  // The shell loads remote entries with crossorigin="anonymous" (boundedLoadingPlugin.ts), for error details.
  if (isSafeAsset(entryFile) && entryFile) out.push({ href: base + entryFile, as: 'script', cors: true });
  const assets = manifest.exposes?.find((e) => e.name === exposed)?.assets;
  // The MF runtime loads an exposed module's chunks through the same createScript hook as the entry
  // (CORS); the remote's own copies of shared modules come through its chunk loader (no CORS).
  const exposedScripts = new Set(assets?.js?.sync ?? []);
  const sharedScripts = new Set<string>();
  for (const shared of manifest.shared ?? []) {
    if (FETCHED_FROM_REMOTE.test(shared.name ?? '') && !provided.has(shared.name ?? '')) {
      for (const js of shared.assets?.js?.sync ?? []) if (!exposedScripts.has(js)) sharedScripts.add(js);
    }
  }
  for (const js of exposedScripts) if (isSafeAsset(js)) out.push({ href: base + js, as: 'script', cors: true });
  for (const js of sharedScripts) if (isSafeAsset(js)) out.push({ href: base + js, as: 'script' });
  for (const css of assets?.css?.sync ?? []) if (isSafeAsset(css)) out.push({ href: base + css, as: 'style' });
  return out;
}

/**
 * The shell's own chunks that start-up always awaits after main.js, as listed at build time by
 * tools/rspack/preloadManifestPlugin.js (dist/preload-manifest.json).
 */
export function shellPreloads(distDir: string): Preload[] {
  let files: unknown;
  try {
    files = (JSON.parse(readFileSync(path.join(distDir, 'preload-manifest.json'), 'utf8')) as { files?: unknown }).files;
  } catch {
    return [];
  }
  if (!Array.isArray(files)) return [];
  return files.filter(isSafeAsset).map((file) => ({ href: `/${file}`, as: file.endsWith('.css') ? 'style' : 'script' }));
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function preloadTags(preloads: Preload[]): string {
  // A preload is used only by a request of the same mode: CORS ones carry crossorigin, or the file is fetched twice.
  return preloads.map((p) => `<link rel="preload" href="${escapeAttr(p.href)}" as="${p.as}"${p.cors ? ' crossorigin="anonymous"' : ''}>`).join('');
}
