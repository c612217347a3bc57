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
 */
export function sharedDependencies() {
  const singleton = (pkg) => {
    const version = installedVersion(pkg);
    return { singleton: true, requiredVersion: `^${version}`, version };
  };
  const react = singleton('react');
  const reactDom = singleton('react-dom');
  const zustand = singleton('zustand');
  const shared = singleton('@prompt-perfect/shared');
  return {
    react,
    'react/': react,
    'react-dom': reactDom,
    'react-dom/': reactDom,
    'react-router-dom': { ...singleton('react-router-dom'), treeShaking: { mode: 'runtime-infer' } },
    zustand,
    'zustand/': zustand,
    '@prompt-perfect/shared/': shared,
  };
}
