/**
 * The trial remote's first screen, shipped with its build: its server build (dist/server/) renders
 * the exposed TrialApp on its own, and dist/prerender.json (beside mf-manifest.json, so it travels
 * with the remote wherever it is deployed) holds that fragment, the page's words and the exposed
 * module's hashed CSS. The server puts it into the visitor page while this build is the released one
 * (proxy-server/src/features/remotes/trialPrerender.ts checks it at release).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

const TRIAL_SERVER_BUILD = 'server/serverRender.cjs';
/** core/src/contracts/prerender.ts (TRIAL_PRERENDER_FILE, TRIAL_PRERENDER_FORMAT). */
const PRERENDER_FILE = 'prerender.json';
const PRERENDER_FORMAT = 1;

/** @returns {Promise<boolean>} whether prerender.json was written (false: the server build is missing). */
export async function prerenderTrialFragment(trialDist) {
  const serverBuild = path.join(trialDist, TRIAL_SERVER_BUILD);
  if (!existsSync(serverBuild)) return false;
  const trial = require(serverBuild);
  const files =
    JSON.parse(readFileSync(path.join(trialDist, 'preload-manifest.json'), 'utf8')).exposes?.TrialApp?.files ?? [];
  const prerender = {
    format: PRERENDER_FORMAT,
    html: await trial.renderFragment(),
    words: trial.pageWords(),
    css: files.filter((f) => f.endsWith('.css')),
  };
  writeFileSync(path.join(trialDist, PRERENDER_FILE), JSON.stringify(prerender));
  return true;
}
