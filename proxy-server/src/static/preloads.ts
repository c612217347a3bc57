/**
 * <link rel="preload"> tags derived from what the build wrote (never hand-written): the shell's
 * start-up chunks, and the first screen's remote (the trial for a visitor, the workspace for a
 * signed-in user: its manifest, remoteEntry.js, the exposed module's chunks and the shared copies it
 * needs), so the browser fetches them while main.js is still running instead of discovering them one
 * request after another.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  shared?: Array<{ name?: string }>;
}

/** What tools/rspack/preloadManifestPlugin.js writes for a remote (dist/preload-manifest.json). */
interface RemoteStartup {
  exposes?: Record<string, { files?: string[]; consumes?: string[] }>;
  shared?: Record<string, { files?: string[]; consumes?: string[] }>;
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

const readJson = <T>(file: string): T | undefined => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
};

/** The shared modules the shell (the host) provides, from its build's mf-manifest.json. */
export function hostProvided(shellDistDir: string): Set<string> {
  const manifest = readJson<Manifest>(path.join(shellDistDir, 'mf-manifest.json'));
  return new Set((manifest?.shared ?? []).map((s) => s.name).filter((n): n is string => typeof n === 'string'));
}

const isSafeAsset = (name: unknown): name is string =>
  typeof name === 'string' && /^[\w./-]+$/.test(name) && !name.includes('..');

/**
 * The remote's copies of shared modules that start-up loads: those the exposed module consumes,
 * and what they consume in turn, unless the host provides them (the host's copy registers first
 * and wins, so the remote's is never fetched).
 */
function sharedCopies(startup: RemoteStartup, consumes: string[], provided: Set<string>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const pending = [...consumes];
  while (pending.length > 0) {
    const key = pending.pop() as string;
    if (seen.has(key) || provided.has(key) || !FETCHED_FROM_REMOTE.test(key)) continue;
    seen.add(key);
    for (const file of startup.shared?.[key]?.files ?? []) files.add(file);
    pending.push(...(startup.shared?.[key]?.consumes ?? []));
  }
  return files;
}

/**
 * Preloads for one remote whose manifest URL is served from `distDir` (a same-origin default such as
 * /remotes/trial/mf-manifest.json): the manifest, remoteEntry.js, the exposed module's chunks and the
 * remote's copies of shared modules the host does not provide, as the build listed them. A remote on
 * another origin gets only its manifest preloaded: its other files are known only once it is read.
 */
export function remotePreloads(
  manifestUrl: string,
  distDir: string,
  exposed: string,
  provided: Set<string> = new Set(),
): Preload[] {
  const out: Preload[] = [{ href: manifestUrl, as: 'fetch', cors: true }];
  if (/^[a-z][a-z0-9+.-]*:/i.test(manifestUrl)) return out;
  const manifest = readJson<Manifest>(path.join(distDir, 'mf-manifest.json'));
  if (!manifest) return out;
  const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const entry = manifest.metaData?.remoteEntry;
  const entryFile = `${entry?.path ?? ''}${entry?.name ?? ''}`;
  // The shell loads remote entries with crossorigin="anonymous" (boundedLoadingPlugin.ts), for error details.
  if (isSafeAsset(entryFile) && entryFile) out.push({ href: base + entryFile, as: 'script', cors: true });
  const startup = readJson<RemoteStartup>(path.join(distDir, 'preload-manifest.json'));
  const own = startup?.exposes?.[exposed];
  if (!startup || !own) return out;
  // The MF runtime loads an exposed module's chunks through the same createScript hook as the entry
  // (CORS); the remote's own copies of shared modules come through its chunk loader (no CORS).
  const ownFiles = new Set(own.files ?? []);
  for (const file of ownFiles) {
    if (!isSafeAsset(file)) continue;
    if (file.endsWith('.css')) out.push({ href: base + file, as: 'style' });
    else out.push({ href: base + file, as: 'script', cors: true });
  }
  for (const file of sharedCopies(startup, own.consumes ?? [], provided)) {
    if (isSafeAsset(file) && !ownFiles.has(file))
      out.push({ href: base + file, as: file.endsWith('.css') ? 'style' : 'script' });
  }
  return out;
}

/**
 * The shell's own chunks that start-up awaits after main.js, as listed at build time by
 * tools/rspack/preloadManifestPlugin.js (dist/preload-manifest.json): for every page, and on top for
 * a signed-in user's page (the account code).
 */
export function shellPreloads(distDir: string): { everyone: Preload[]; signedIn: Preload[] } {
  const listed = readJson<{ files?: unknown; signedIn?: unknown }>(path.join(distDir, 'preload-manifest.json'));
  const preloads = (files: unknown): Preload[] =>
    Array.isArray(files)
      ? files.filter(isSafeAsset).map((file) => ({ href: `/${file}`, as: file.endsWith('.css') ? 'style' : 'script' }))
      : [];
  return { everyone: preloads(listed?.files), signedIn: preloads(listed?.signedIn) };
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function preloadTags(preloads: Preload[]): string {
  // A preload is used only by a request of the same mode: CORS ones carry crossorigin, or the file is fetched twice.
  return preloads
    .map(
      (p) =>
        `<link rel="preload" href="${escapeAttr(p.href)}" as="${p.as}"${p.cors ? ' crossorigin="anonymous"' : ''}>`,
    )
    .join('');
}
