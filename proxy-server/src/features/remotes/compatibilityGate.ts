/**
 * What the server checks before a remote is released (or given to a canary), so a build that cannot
 * work in this shell never reaches a page: its manifest is fetched, and every problem is listed.
 *  - shared singletons: react, react-dom, react-router-dom and zustand, where the remote uses them
 *    (its build lists only those), must be shared as singletons with a required version the shell's
 *    own copy satisfies (the Module Federation runtime's own semver check, so "compatible" means what
 *    the runtime will do);
 *  - the contract: the container name, the contract version its build wrote into the manifest, and
 *    every exposed module the shell loads (core/src/contracts/remoteContract.json);
 *  - CORS: the manifest, the entry script and the exposed modules' files load from the shell's origin.
 */
import { satisfy } from '@module-federation/runtime-core';
import {
  REMOTE_CONTRACT,
  REMOTE_CONTRACT_EXPOSES,
  REMOTES,
  type RemoteName,
} from '@prompt-perfect/core/contracts/remotes';
import { RemoteManifest } from './manifest';

/** The packages that hold state or React's renderer: two copies of any of them break the page. */
const SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'zustand'] as const;

interface GateInput {
  remote: RemoteName;
  url: string;
  /** The shell's own versions of the singletons (from its build's mf-manifest.json). */
  shellVersions: Record<string, string | undefined>;
  /** The origin pages are served from: remote files must allow it. */
  origin: string;
  timeoutMs: number;
}

type Fetched = { ok: true; response: Response } | { ok: false; problem: string };

async function fetchFrom(url: string, origin: string, timeoutMs: number): Promise<Fetched> {
  try {
    const response = await fetch(url, {
      headers: { Origin: origin },
      redirect: 'follow',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { ok: true, response };
  } catch (error) {
    const why =
      error instanceof DOMException && error.name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : ((error as Error & { cause?: Error }).cause?.message ?? (error as Error).message);
    return { ok: false, problem: why };
  }
}

function corsProblem(response: Response, origin: string): string | undefined {
  const allowed = response.headers.get('access-control-allow-origin');
  if (allowed === '*' || allowed === origin) return undefined;
  return allowed ? `allows only ${allowed}` : 'sends no Access-Control-Allow-Origin header';
}

/** One file the browser loads cross-origin: reachable, and allowed for the shell's origin. */
async function fileProblem(url: string, origin: string, timeoutMs: number): Promise<string | undefined> {
  const fetched = await fetchFrom(url, origin, timeoutMs);
  if (!fetched.ok) return `${url} could not be fetched: ${fetched.problem}.`;
  await fetched.response.body?.cancel();
  if (!fetched.response.ok) return `${url} answered ${fetched.response.status}.`;
  const cors = corsProblem(fetched.response, origin);
  return cors ? `${url} is not served with CORS for ${origin}: it ${cors}.` : undefined;
}

function singletonProblems(manifest: RemoteManifest, shellVersions: GateInput['shellVersions']): string[] {
  const problems: string[] = [];
  for (const name of SINGLETONS) {
    const shared = manifest.shared.find((s) => s.name === name);
    const shell = shellVersions[name];
    // A build lists only the shared packages it uses.
    if (!shared) continue;
    if (shared.singleton !== true) {
      problems.push(`It shares ${name} but not as a singleton: the shell needs exactly one copy.`);
    } else if (!shell) {
      problems.push(
        `The shell's own ${name} version is unknown (its build has no mf-manifest.json): start the server with the shell built.`,
      );
    } else if (shared.requiredVersion && !satisfy(shell, shared.requiredVersion)) {
      problems.push(`It needs ${name} ${shared.requiredVersion}, which the shell's ${name} ${shell} does not satisfy.`);
    }
  }
  return problems;
}

function contractProblems(remote: RemoteName, manifest: RemoteManifest): string[] {
  const problems: string[] = [];
  const container = REMOTES[remote].container;
  if (manifest.name !== container) {
    problems.push(`Its container is named '${manifest.name}'; the shell loads '${container}'.`);
  }
  const contract = manifest.metaData.contract;
  if (!contract || contract.name !== REMOTE_CONTRACT.name) {
    problems.push(
      `Its manifest carries no ${REMOTE_CONTRACT.name} contract version; this shell needs version ${REMOTE_CONTRACT.version}.`,
    );
  } else if (contract.version !== REMOTE_CONTRACT.version) {
    problems.push(
      `It was built against contract version ${contract.version}; this shell needs version ${REMOTE_CONTRACT.version}.`,
    );
  }
  const exposed = new Set(manifest.exposes.flatMap((e) => [e.path, `./${e.name}`]));
  for (const module of REMOTE_CONTRACT_EXPOSES[remote]) {
    if (!exposed.has(module)) problems.push(`It does not expose ${module}, which the shell loads.`);
  }
  return problems;
}

/** The entry script and the files of the exposed modules the shell loads, as absolute URLs. */
function filesOf(remote: RemoteName, manifest: RemoteManifest, manifestUrl: string): string[] {
  const publicPath = manifest.metaData.publicPath;
  const base =
    publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl).href : new URL('./', manifestUrl).href;
  const { name, path } = manifest.metaData.remoteEntry;
  const files = new Set([new URL(path ? `${path.replace(/\/?$/, '/')}${name}` : name, base).href]);
  const needed = new Set(REMOTE_CONTRACT_EXPOSES[remote]);
  for (const expose of manifest.exposes) {
    if (!needed.has(expose.path ?? `./${expose.name}`)) continue;
    for (const file of [...(expose.assets?.js?.sync ?? []), ...(expose.assets?.css?.sync ?? [])]) {
      files.add(new URL(file, base).href);
    }
  }
  return [...files];
}

/** Every reason the remote at `url` cannot be released; empty when it can. */
export async function checkRemote(input: GateInput): Promise<string[]> {
  const { remote, url, origin, timeoutMs } = input;
  const fetched = await fetchFrom(url, origin, timeoutMs);
  if (!fetched.ok) return [`The manifest ${url} could not be fetched: ${fetched.problem}.`];
  const { response } = fetched;
  if (!response.ok) {
    await response.body?.cancel();
    return [`The manifest ${url} answered ${response.status}.`];
  }
  let parsed: ReturnType<typeof RemoteManifest.safeParse>;
  try {
    parsed = RemoteManifest.safeParse(await response.json());
  } catch {
    return [`${url} is not JSON: is it the remote's mf-manifest.json?`];
  }
  if (!parsed.success) return [`${url} is not a Module Federation manifest (mf-manifest.json).`];
  const manifest = parsed.data;
  const problems = [...singletonProblems(manifest, input.shellVersions), ...contractProblems(remote, manifest)];
  const cors = corsProblem(response, origin);
  if (cors) problems.push(`The manifest ${url} is not served with CORS for ${origin}: it ${cors}.`);
  const files = await Promise.all(filesOf(remote, manifest, url).map((f) => fileProblem(f, origin, timeoutMs)));
  return [...problems, ...files.filter((p): p is string => p !== undefined)];
}
