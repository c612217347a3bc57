import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const FRONT_ENDS = ['shell', 'mfe-trial', 'mfe-workspace', 'mfe-progress'];

/** Cold production build of every front end: dist and Rspack caches removed first. */
export async function run(): Promise<Record<string, number | string>> {
  for (const app of FRONT_ENDS) {
    rmSync(path.join(root, app, 'dist'), { recursive: true, force: true });
    rmSync(path.join(root, app, 'node_modules/.cache'), { recursive: true, force: true });
  }
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(root, 'tools/build-all.js')], { cwd: root, stdio: 'pipe' });
  const wallMs = performance.now() - started;
  if (result.status !== 0) throw new Error(`build failed:\n${result.stderr}`);
  const info = JSON.parse(readFileSync(path.join(root, '.data/build-info.json'), 'utf8'));
  const figures: Record<string, number | string> = { 'cold build, all front ends (ms)': Math.round(wallMs) };
  for (const [app, ms] of Object.entries(info.timings as Record<string, number>)) figures[`  build ${app} (ms)`] = ms;
  return figures;
}
