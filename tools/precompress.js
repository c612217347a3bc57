#!/usr/bin/env node
/**
 * Writes Brotli (.br, quality 11) and gzip (.gz, level 9) copies of every built text asset next to
 * it, so the server sends compressed bytes without compressing on each request. A copy that would
 * not be smaller is not written. Source maps are skipped: they are never served.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(?:js|mjs|css|html|json|svg|txt)$/i;
/** Below this, compression saves less than its headers cost. */
const MIN_BYTES = 512;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

/** Compresses every text asset under `dir`; returns raw, gzip and brotli byte totals. */
export function precompress(dir) {
  const totals = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  for (const file of files(dir)) {
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    totals.files += 1;
    totals.raw += raw.length;
    totals.gzip += Math.min(gz.length, raw.length);
    totals.brotli += Math.min(br.length, raw.length);
  }
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const dir of process.argv.slice(2)) {
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) continue;
    const t = precompress(dir);
    console.log(`precompressed ${dir}: ${t.files} files, ${t.raw} B -> gzip ${t.gzip} B, br ${t.brotli} B`);
  }
}
