/**
 * Writes dist/preload-manifest.json: the chunks a first load needs, so the server can preload them
 * in the page instead of the browser discovering them one level at a time (main.js -> the async
 * boundary -> shared modules -> the identity UI -> the remote's chunks).
 *
 * From a root chunk group it follows every child group that is not a lazy import and, of the lazy
 * ones, only those named in `eager`: what start-up always awaits. Dialogs and panels stay lazy.
 *
 * Shared modules (Module Federation) need care: each has a "consume" group (the fallback used when
 * no one provides it) and a "provide" group (the copy that registers first wins, and its provide
 * group is what loads). A shared module counts only when start-up code consumes it.
 *
 * - The host (`role: 'host'`) writes `{ files, signedIn }`: what every first load awaits after
 *   main.js, and what a signed-in first load awaits on top (the lazily imported account code).
 * - A remote (`role: 'remote'`) writes, per exposed module, its own files and the shared modules it
 *   consumes at start, and per shared module the files of the remote's copy and what that consumes:
 *   the server preloads a copy only when the host does not provide that module. (mf-manifest.json's shared assets cannot be used for this: they
 *   also list lazy chunks that merely contain a shared module.)
 */
import { rspack } from '@rspack/core';

const PRELOAD_MANIFEST = 'preload-manifest.json';
const EXPOSE_GROUP_PREFIX = '__federation_expose_';

/** "consume shared module (default) react-dom@^19.3.1 (strict) ..." -> "react-dom" */
function sharedKey(identifier) {
  return /\((?:default)\) (.+?)@/.exec(identifier ?? '')?.[1];
}

function chunkGroupGraph(compilation) {
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
  return { children, provideGroups };
}

/**
 * The files start-up loads from `roots`, following the provide group of every shared module it
 * consumes (unless `followShared` says no: then those are only listed in `consumed`).
 */
function startupFiles(graph, roots, { eager = new Set(), lazyShared, followShared = () => true }) {
  const files = new Set();
  const seen = new Set();
  const consumed = new Set();
  const pending = [];
  const visit = (group) => {
    if (!group || seen.has(group)) return;
    seen.add(group);
    for (const chunk of group.chunks) for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
    for (const child of graph.children.get(group) ?? []) {
      const requests = child.origins.map((o) => o.request).filter(Boolean);
      if (requests.length > 0) {
        if (requests.some((r) => eager.has(r))) visit(child);
        continue;
      }
      const module = child.origins[0]?.module;
      if (module?.type === 'consume-shared-module') {
        const key = sharedKey(module.identifier());
        if (key && !lazyShared?.test(key) && !consumed.has(key)) {
          consumed.add(key);
          pending.push(key);
        }
      } else if (module?.type !== 'provide-module') {
        visit(child);
      }
    }
  };
  for (const root of roots) visit(root);
  while (pending.length > 0) {
    const key = pending.pop();
    if (followShared(key)) visit(graph.provideGroups.get(key));
  }
  return { files, consumed };
}

const sorted = (files) => [...files].sort();

function hostManifest(compilation, graph, { eager, signedInEager, lazyShared }) {
  const entry = compilation.entrypoints.get('main');
  if (!entry) return undefined;
  const inEntry = (file) => entry.chunks.some((chunk) => chunk.files.has(file));
  const everyone = startupFiles(graph, [entry], { eager, lazyShared }).files;
  const signedIn = startupFiles(graph, [entry], { eager: new Set([...eager, ...signedInEager]) }).files;
  return {
    files: sorted([...everyone].filter((file) => !inEntry(file))),
    signedIn: sorted([...signedIn].filter((file) => !inEntry(file) && !everyone.has(file))),
  };
}

function remoteManifest(compilation, graph) {
  const exposes = {};
  const shared = {};
  const listCopy = (key) => {
    if (shared[key]) return;
    const copy = startupFiles(graph, [graph.provideGroups.get(key)].filter(Boolean), { followShared: () => false });
    shared[key] = { files: sorted(copy.files), consumes: sorted(copy.consumed) };
    for (const next of copy.consumed) listCopy(next);
  };
  for (const group of compilation.chunkGroups) {
    if (!group.name?.startsWith(EXPOSE_GROUP_PREFIX)) continue;
    const own = startupFiles(graph, [group], { followShared: () => false });
    for (const key of own.consumed) listCopy(key);
    exposes[group.name.slice(EXPOSE_GROUP_PREFIX.length)] = {
      files: sorted(own.files),
      consumes: sorted(own.consumed),
    };
  }
  return Object.keys(exposes).length > 0 ? { exposes, shared } : undefined;
}

export class PreloadManifestPlugin {
  /**
   * @param {{ role: 'host' | 'remote', eager?: string[], signedInEager?: string[], lazyShared?: RegExp }} options
   *   `eager`: import requests every start-up awaits, e.g. './bootstrap'; `signedInEager`: those a
   *   signed-in start-up awaits too; `lazyShared`: shared modules (by name) only imported lazily
   */
  constructor({ role, eager = [], signedInEager = [], lazyShared }) {
    this.role = role;
    this.options = { eager: new Set(eager), signedInEager, lazyShared };
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PreloadManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PreloadManifestPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const graph = chunkGroupGraph(compilation);
          // Child compilations (Module Federation's shared fallbacks) have no entry or exposes of their own.
          const manifest =
            this.role === 'host' ? hostManifest(compilation, graph, this.options) : remoteManifest(compilation, graph);
          if (manifest)
            compilation.emitAsset(PRELOAD_MANIFEST, new rspack.sources.RawSource(JSON.stringify(manifest, null, 1)));
        },
      );
    });
  }
}
