/**
 * The shell-remote contract's version (core/src/contracts/remoteContract.json) written into a remote's
 * mf-manifest.json as `metaData.contract`: the server's compatibility gate refuses a release built
 * against another version. A remote whose exposes lack a module of the contract fails its build here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const contract = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../core/src/contracts/remoteContract.json'), 'utf8'),
);

/** `container` is the remote's container name (mfe_trial, ...). */
export function checkContractExposes(container, exposes) {
  const remote = Object.keys(contract.exposes).find((name) => `mfe_${name}` === container);
  if (!remote) return;
  const missing = contract.exposes[remote].filter((module) => !(module in exposes));
  if (missing.length > 0) {
    throw new Error(`${container} must expose ${missing.join(', ')} (core/src/contracts/remoteContract.json).`);
  }
}

/** The manifest plugin's `additionalData` hook: adds the contract to the manifest's metaData. */
export function contractInManifest({ stats }) {
  stats.metaData = { ...stats.metaData, contract: { name: contract.name, version: contract.version } };
  return stats;
}
