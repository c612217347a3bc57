#!/usr/bin/env node
/**
 * Production build of every front end, one after another (2 cores: parallel builds only fight).
 * --sentinel-env  build with fake secrets in the environment so the e2e suite can prove that no
 *                 key and no env value ends up in a browser asset.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { precompress } from './precompress.js';
import { prerenderVisitorPage } from './prerender.js';
import { prerenderTrialFragment } from './prerenderTrial.js';

const FRONT_ENDS = ['shell', 'mfe-trial', 'mfe-workspace', 'mfe-progress'];
const root = path.resolve(import.meta.dirname, '..');

const withSentinels = process.argv.includes('--sentinel-env');
const env = { ...process.env, NODE_ENV: 'production' };
if (withSentinels) Object.assign(env, JSON.parse(readFileSync(path.join(root, 'e2e/support/sentinels.json'), 'utf8')));

const rspack = path.join(root, 'node_modules/@rspack/cli/bin/rspack.js');
const started = performance.now();
const timings = {};
for (const app of FRONT_ENDS) {
  const t0 = performance.now();
  rmSync(path.join(root, app, 'dist'), { recursive: true, force: true });
  rmSync(path.join(root, app, 'dist-server'), { recursive: true, force: true });
  const result = spawnSync(process.execPath, [rspack, 'build', '--mode', 'production'], {
    cwd: path.join(root, app),
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    console.error(`\nBuild of ${app} failed.`);
    process.exit(result.status ?? 1);
  }
  precompress(path.join(root, app, 'dist'));
  timings[app] = Math.round(performance.now() - t0);
}
const t0 = performance.now();
if (!(await prerenderTrialFragment(path.join(root, 'mfe-trial/dist'))) || !(await prerenderVisitorPage(root))) {
  console.error('\nPrerender of the visitor page failed: a server build is missing.');
  process.exit(1);
}
timings.prerender = Math.round(performance.now() - t0);
const totalMs = Math.round(performance.now() - started);

mkdirSync(path.join(root, '.data'), { recursive: true });
writeFileSync(
  path.join(root, '.data/build-info.json'),
  JSON.stringify({ builtAt: new Date().toISOString(), sentinelEnv: withSentinels, timings, totalMs }, null, 2),
);
console.log(
  `Built ${FRONT_ENDS.join(', ')} in ${totalMs} ms${withSentinels ? ' (with sentinel secrets in env)' : ''}.`,
);
