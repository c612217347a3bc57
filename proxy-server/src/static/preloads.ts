/**
 * <link rel="preload"> tags for the visitor route's remote, derived from its built mf-manifest.json
 * at start-up (never hand-written): the manifest itself, remoteEntry.js and the exposed module's
 * synchronous chunks, so the browser fetches them while the shell's own script is still running.
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
}

export interface Preload {
  href: string;
  as: 'fetch' | 'script' | 'style';
}

const isSafeAsset = (name: unknown): name is string => typeof name === 'string' && /^[\w./-]+$/.test(name) && !name.includes('..');

/**
 * Preloads for one remote whose manifest URL is served from `distDir` (a same-origin default such as
 * /remotes/trial/mf-manifest.json). A remote on another origin gets only its manifest preloaded:
 * its other files are known only once its manifest is read.
 */
export function remotePreloads(manifestUrl: string, distDir: string, exposed: string): Preload[] {
  const out: Preload[] = [{ href: manifestUrl, as: 'fetch' }];
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
  if (isSafeAsset(entryFile) && entryFile) out.push({ href: base + entryFile, as: 'script' });
  const assets = manifest.exposes?.find((e) => e.name === exposed)?.assets;
  for (const js of assets?.js?.sync ?? []) if (isSafeAsset(js)) out.push({ href: base + js, as: 'script' });
  for (const css of assets?.css?.sync ?? []) if (isSafeAsset(css)) out.push({ href: base + css, as: 'style' });
  return out;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function preloadTags(preloads: Preload[]): string {
  // fetch() preloads are CORS requests even on the same origin: crossorigin makes them match.
  return preloads.map((p) => `<link rel="preload" href="${escapeAttr(p.href)}" as="${p.as}"${p.as === 'fetch' ? ' crossorigin="anonymous"' : ''}>`).join('');
}
