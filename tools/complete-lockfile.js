#!/usr/bin/env node
/**
 * Writes lockfile entries for the other platforms' optional native binaries (e.g.
 * @biomejs/cli-darwin-arm64) when the npm registry in use serves Linux builds only: npm then
 * leaves them out of package-lock.json and `npm ci` refuses the lockfile as out of sync.
 * Each entry is tagged with its os/cpu/libc (read from the package name), so npm skips it here
 * and fetches it on the platform it is for. Run after `npm install <pkg>` when
 * `npm ci --dry-run` reports "Missing: ... from lock file".
 */
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const OSES = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPUS = ['x64', 'arm64', 'arm', 'ia32', 'ppc64', 'riscv64', 's390x', 'loong64', 'wasm32'];

/** os/cpu/libc from a binary package's name such as "cli-linux-x64-musl" or "binding-win32-arm64-msvc". */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OSES.includes(p));
  const cpu = parts.find((p) => CPUS.includes(p));
  if (!os || !cpu) return null;
  const platform = { os: [os], cpu: [cpu] };
  if (os === 'linux') platform.libc = [parts.some((p) => p.startsWith('musl')) ? 'musl' : 'glibc'];
  return platform;
}

const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const added = [];
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `node_modules/${dep}`;
    if (lock.packages[target] || lock.packages[`${key}/${target}`]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    const sibling = Object.keys(entry.optionalDependencies)
      .map((d) => lock.packages[`node_modules/${d}`])
      .find(Boolean);
    lock.packages[target] = {
      version: version.replace(/^[\^~=]/, ''),
      ...(sibling?.dev ? { dev: true } : {}),
      ...(sibling?.license ? { license: sibling.license } : {}),
      optional: true,
      ...platform,
      ...(sibling?.engines ? { engines: sibling.engines } : {}),
    };
    added.push(dep);
  }
}
const [root, ...rest] = Object.keys(lock.packages);
const sorted = { [root]: lock.packages[root] };
for (const key of rest.sort((a, b) => a.localeCompare(b, 'en'))) sorted[key] = lock.packages[key];
lock.packages = sorted;
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length
    ? `Added ${added.length} platform entries: ${added.join(', ')}`
    : 'The lockfile already lists every platform binary.',
);
