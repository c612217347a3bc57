import { readFileSync } from 'node:fs';
import path from 'node:path';

const nodeModules = path.resolve(import.meta.dirname, '../../node_modules');

function installedVersion(pkg) {
  const manifest = JSON.parse(readFileSync(path.join(nodeModules, pkg, 'package.json'), 'utf8'));
  return manifest.version;
}

/**
 * Every app shares the same keys as singletons, so there is one React, one router and ONE
 * zustand store instance in the composed page. Subpaths ('react/', 'react-dom/') are shared too,
 * or react-dom/client pulls in a second React. requiredVersion must be a real semver range.
 * An app shares only the packages its own package.json lists: a remote that does not route does
 * not build a router fallback.
 */
export function sharedDependencies(appDir) {
  const { dependencies = {} } = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  const singleton = (pkg) => {
    const version = installedVersion(pkg);
    return { singleton: true, requiredVersion: `^${version}`, version };
  };
  const react = singleton('react');
  const reactDom = singleton('react-dom');
  const zustand = singleton('zustand');
  const shared = singleton('@prompt-perfect/shared');
  const all = {
    react,
    'react/': react,
    'react-dom': reactDom,
    'react-dom/': reactDom,
    'react-router-dom': { ...singleton('react-router-dom'), treeShaking: { mode: 'runtime-infer' } },
    zustand,
    'zustand/': zustand,
    // Only the parts of `shared` that hold state (stores, the auth store, the account's sync) are
    // shared at run time: there must be one of each in the page. Everything else in `shared` is
    // plain functions and data, bundled into each app like any library, so it adds no requests.
    '@prompt-perfect/shared/stores/': shared,
    '@prompt-perfect/shared/auth/': shared,
    '@prompt-perfect/shared/account/': shared,
    // The chosen space: the shell's switcher writes it, the remotes' API calls and panels read it.
    '@prompt-perfect/shared/orgs/': shared,
  };
  const packageOf = (key) =>
    key
      .split('/')
      .slice(0, key.startsWith('@') ? 2 : 1)
      .join('/');
  return Object.fromEntries(Object.entries(all).filter(([key]) => packageOf(key) in dependencies));
}
