/**
 * Writes dist/preload-manifest.json for the host: the chunks a first load needs right after
 * main.js, so the server can preload them in the page instead of the browser discovering them one
 * level at a time (main.js -> the async boundary -> shared modules -> the identity UI).
 *
 * From the entry, it follows every chunk group that is not a lazy import (shared-module fallbacks
 * have no import of their own) and, of the lazy ones, only those named in `eager`: what start-up
 * always awaits. Dialogs and the Clerk UI stay lazy.
 */
import { rspack } from '@rspack/core';

export const PRELOAD_MANIFEST = 'preload-manifest.json';

export class PreloadManifestPlugin {
  /** @param {{ eager: string[] }} options import requests start-up always awaits, e.g. './bootstrap' */
  constructor({ eager }) {
    this.eager = new Set(eager);
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PreloadManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PreloadManifestPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        // Child compilations (Module Federation's shared fallbacks) have no page of their own.
        const entry = compilation.entrypoints.get('main');
        if (!entry) return;
        const children = new Map();
        for (const group of compilation.chunkGroups) {
          for (const parent of group.getParents()) {
            if (!children.has(parent)) children.set(parent, []);
            children.get(parent).push(group);
          }
        }
        const files = new Set();
        const seen = new Set();
        const followed = (group) => {
          const requests = group.origins.map((o) => o.request).filter(Boolean);
          return requests.length === 0 || requests.some((r) => this.eager.has(r));
        };
        const visit = (group) => {
          if (seen.has(group)) return;
          seen.add(group);
          for (const chunk of group.chunks) for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
          for (const child of children.get(group) ?? []) if (followed(child)) visit(child);
        };
        for (const child of children.get(entry) ?? []) if (followed(child)) visit(child);
        const list = [...files].sort();
        compilation.emitAsset(PRELOAD_MANIFEST, new rspack.sources.RawSource(JSON.stringify({ files: list }, null, 1)));
      });
    });
  }
}
