/**
 * Writes dist/preload-manifest.json for the host: the chunks a first load needs right after
 * main.js, so the server can preload them in the page instead of the browser discovering them one
 * level at a time (main.js -> the async boundary -> shared modules -> the identity UI).
 *
 * From the entry, it follows every chunk group that is not a lazy import and, of the lazy ones,
 * only those named in `eager`: what start-up always awaits. Dialogs and the Clerk UI stay lazy.
 *
 * Shared modules (Module Federation) need care: each has a "consume" group (the fallback used when
 * no one provides it) and a "provide" group (the host's own copy, which the host, loading first,
 * ends up using). A shared module counts only when start-up code consumes it, and then it is its
 * provide group that loads; modules the host merely provides to the remotes are not preloaded, and
 * neither are lazily imported shared modules matching `lazyShared` (e.g. the account code).
 */
import { rspack } from '@rspack/core';

const PRELOAD_MANIFEST = 'preload-manifest.json';

/** "consume shared module (default) react-dom@^19.3.1 (strict) ..." -> "react-dom" */
function sharedKey(identifier) {
  return /\((?:default)\) (.+?)@/.exec(identifier ?? '')?.[1];
}

export class PreloadManifestPlugin {
  /**
   * @param {{ eager: string[], lazyShared?: RegExp }} options import requests start-up always awaits,
   *   e.g. './bootstrap'; and shared modules (by name) that start-up imports only lazily
   */
  constructor({ eager, lazyShared }) {
    this.eager = new Set(eager);
    this.lazyShared = lazyShared;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PreloadManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PreloadManifestPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        // Child compilations (Module Federation's shared fallbacks) have no page of their own.
        const entry = compilation.entrypoints.get('main');
        if (!entry) return;
        const children = new Map();
        const provideGroups = new Map();
        for (const group of compilation.chunkGroups) {
          for (const parent of group.getParents()) {
            if (!children.has(parent)) children.set(parent, []);
            children.get(parent).push(group);
          }
          for (const origin of group.origins) {
            if (origin.module?.type === 'provide-module') provideGroups.set(sharedKey(origin.module.identifier()), group);
          }
        }
        const files = new Set();
        const seen = new Set();
        const consumed = [];
        const visit = (group) => {
          if (seen.has(group)) return;
          seen.add(group);
          for (const chunk of group.chunks) for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
          for (const child of children.get(group) ?? []) {
            const requests = child.origins.map((o) => o.request).filter(Boolean);
            if (requests.length > 0) {
              if (requests.some((r) => this.eager.has(r))) visit(child);
              continue;
            }
            const module = child.origins[0]?.module;
            if (module?.type === 'consume-shared-module') {
              const key = sharedKey(module.identifier());
              if (key && !this.lazyShared?.test(key)) consumed.push(key);
            } else if (module?.type !== 'provide-module') {
              visit(child);
            }
          }
        };
        visit(entry);
        while (consumed.length > 0) {
          const group = provideGroups.get(consumed.pop());
          if (group) visit(group);
        }
        const list = [...files].filter((file) => !entry.chunks.some((chunk) => chunk.files.has(file))).sort();
        compilation.emitAsset(PRELOAD_MANIFEST, new rspack.sources.RawSource(JSON.stringify({ files: list }, null, 1)));
      });
    });
  }
}
