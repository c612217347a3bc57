/** Cache-Control for built assets: entry points and manifests revalidate, hashed files live long. */
import path from 'node:path';

export const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

const ALWAYS_FRESH = new Set([
  'index.html',
  'mf-manifest.json',
  'mf-stats.json',
  'remoteEntry.js',
  'runtime-config.json',
]);
/** A file name with a content hash segment, e.g. main.3f2a9c1b.js or 123.abcdef0123456789.css */
const HASHED = /\.[0-9a-f]{8,}\./i;

export function cacheControlFor(filePath: string): string {
  // A precompressed copy (main.3f2a9c1b.js.br) is cached like the file it compresses.
  const name = path.basename(filePath).replace(/\.(?:br|gz)$/, '');
  if (ALWAYS_FRESH.has(name)) return NO_CACHE;
  return HASHED.test(name) ? IMMUTABLE : NO_CACHE;
}
