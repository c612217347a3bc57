/**
 * The first screen of each trial release a page may load, kept per instance. The instance that
 * releases a build checks its prerender.json in the gate and keeps it; the others fetch and check it
 * on their first page of that release (waiting at most `pageWaitMs`, else that page renders in the
 * browser and the next one has it). The server's own copy (the initial /remotes/trial/ release) is
 * read from its dist directory, again whenever it is rebuilt.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { RemoteRuntimeConfig as RuntimeRemote } from '@prompt-perfect/core/contracts/runtimeConfig';
import { TRIAL_PRERENDER_FILE } from '@prompt-perfect/core/contracts/prerender';
import {
  type BuildReader,
  MAX_CSS_BYTES,
  MAX_PRERENDER_BYTES,
  readTrialPrerender,
  type TrialFirstScreen,
  type TrialPrerenderCheck,
} from './trialPrerender';

/** Where this server serves its own copy of the trial remote (staticSite.ts). */
const OWN_TRIAL_BASE = '/remotes/trial/';
/** A release whose prerender could not be had is asked again after this. */
const RETRY_AFTER_MS = 30_000;
const KEPT = 16;

interface Options {
  trialDir: string;
  timeoutMs: number;
  pageWaitMs: number;
  logger: Logger;
  now?: () => number;
}

/** The promise's value, or undefined if it takes longer than `ms` (it goes on, and is kept). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let cancel: (() => void) | undefined;
  const late = new Promise<undefined>((resolve) => {
    const timer = setTimeout(resolve, ms);
    cancel = () => clearTimeout(timer);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    cancel?.();
  }
}

/** Reads a release's files over HTTP, relative to its manifest. */
function httpReader(manifestUrl: string, timeoutMs: number): BuildReader {
  return async (file) => {
    const url = new URL(file, manifestUrl).href;
    try {
      const res = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) {
        await res.body?.cancel();
        return { problem: `${url} answered ${res.status}` };
      }
      const limit = file.endsWith('.css') ? MAX_CSS_BYTES : MAX_PRERENDER_BYTES;
      if (Number(res.headers.get('content-length') ?? 0) > limit) {
        await res.body?.cancel();
        return { text: 'x'.repeat(limit + 1) };
      }
      return { text: await res.text() };
    } catch (error) {
      const why = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
      return { problem: `${url} could not be fetched: ${why}` };
    }
  };
}

/** Reads this server's own copy from its dist directory. */
function diskReader(dir: string): BuildReader {
  const root = path.resolve(dir);
  return async (file) => {
    const full = path.resolve(root, file);
    if (!full.startsWith(`${root}${path.sep}`)) return { problem: `${file} is outside the build` };
    try {
      return { text: await readFile(full, 'utf8') };
    } catch {
      return { problem: `${file} was not found` };
    }
  };
}

export type TrialFirstScreens = ReturnType<typeof createTrialFirstScreens>;

export function createTrialFirstScreens({ trialDir, timeoutMs, pageWaitMs, logger, now = Date.now }: Options) {
  const kept = new Map<string, { at: number; value: Promise<TrialFirstScreen | undefined> }>();
  let own: { mtimeMs: number; value: Promise<TrialFirstScreen | undefined> } | undefined;
  const keyOf = (release: RuntimeRemote) => `${release.version} ${release.manifestUrl}`;
  const fetchChecked = (manifestUrl: string) =>
    readTrialPrerender(httpReader(manifestUrl, timeoutMs), (file) => new URL(file, manifestUrl).href);

  const usable = (check: TrialPrerenderCheck, url: string) => {
    if (check.ok) return check.firstScreen;
    // A build from before prerendered releases has none: its pages render in the browser, as they did.
    if (!check.missing) logger.warn({ url, problems: check.problems }, 'trial release prerender unusable');
    return undefined;
  };

  async function ownCopy(): Promise<TrialFirstScreen | undefined> {
    const info = await stat(path.join(trialDir, TRIAL_PRERENDER_FILE)).catch(() => undefined);
    if (!info) return undefined;
    if (own?.mtimeMs !== info.mtimeMs) {
      const value = readTrialPrerender(diskReader(trialDir), (file) => `${OWN_TRIAL_BASE}${file}`).then((check) =>
        usable(check, OWN_TRIAL_BASE),
      );
      own = { mtimeMs: info.mtimeMs, value };
    }
    return own.value;
  }

  function keep(key: string, value: Promise<TrialFirstScreen | undefined>) {
    kept.delete(key);
    kept.set(key, { at: now(), value });
    // The oldest go first: pages only load the current, fallback and canary releases.
    while (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
  }

  return {
    /** The gate's check of a release's prerender.json (every problem, or its first screen). */
    check: fetchChecked,

    /** Keeps what the gate checked for the release it let through. */
    remember(release: RuntimeRemote, firstScreen: TrialFirstScreen) {
      keep(keyOf(release), Promise.resolve(firstScreen));
    },

    /** The first screen of the release a page loads, or undefined: that page renders in the browser. */
    async forPage(release: RuntimeRemote): Promise<TrialFirstScreen | undefined> {
      if (release.manifestUrl.startsWith(OWN_TRIAL_BASE)) return ownCopy();
      const key = keyOf(release);
      let entry = kept.get(key);
      if (!entry || (now() - entry.at >= RETRY_AFTER_MS && !(await entry.value))) {
        const value = fetchChecked(release.manifestUrl)
          .then((check) => usable(check, release.manifestUrl))
          .catch(() => undefined);
        keep(key, value);
        entry = kept.get(key) as { at: number; value: Promise<TrialFirstScreen | undefined> };
      }
      return within(entry.value, pageWaitMs);
    },
  };
}
