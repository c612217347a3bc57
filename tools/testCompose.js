#!/usr/bin/env node
/**
 * `npm run test:compose -- --remote trial=<mf-manifest.json URL> [--remote workspace=<url>] [--no-build]`
 * runs the composition smoke test (e2e/compose.spec.ts) against this checkout's shell and remotes with
 * the given remotes released in their place, so a team's CI proves its build works in the real shell
 * before releasing it. Builds the front ends first unless they are built (or --no-build).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const REMOTES = ['trial', 'workspace', 'progress'];
const root = path.resolve(import.meta.dirname, '..');

function fail(message) {
  console.error(`test:compose: ${message}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: { remote: { type: 'string', multiple: true, default: [] }, 'no-build': { type: 'boolean' } },
});
if (values.remote.length === 0) fail('give at least one --remote <name>=<mf-manifest.json URL>.');
const replaced = {};
for (const pair of values.remote) {
  const [name, url] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
  if (!REMOTES.includes(name)) fail(`'${pair}': the remote is one of ${REMOTES.join(', ')} (--remote trial=<url>).`);
  if (!/^https?:\/\/\S+$/.test(url)) fail(`'${pair}': the URL must be the absolute http(s) URL of mf-manifest.json.`);
  replaced[name] = url;
}

const built = ['shell', 'mfe-trial', 'mfe-workspace', 'mfe-progress'].every((app) =>
  existsSync(path.join(root, app, 'dist', app === 'shell' ? 'index.html' : 'mf-manifest.json')),
);
if (!built && !values['no-build']) {
  const build = spawnSync(process.execPath, [path.join(root, 'tools/build-all.js')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const playwright = path.join(root, 'node_modules/@playwright/test/cli.js');
const run = spawnSync(process.execPath, [playwright, 'test', 'e2e/compose.spec.ts', '--workers=1'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PP_COMPOSE_REMOTES: JSON.stringify(replaced) },
});
process.exit(run.status ?? 1);
