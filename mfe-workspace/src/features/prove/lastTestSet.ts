// By package path: the one shared auth store of the page, not a bundled copy.
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { spaceStore } from '@prompt-perfect/shared/orgs/spaceStore';
import type { EvaluationRun, ProveState } from './proveStore';

/**
 * What the panel reopens on after a reload, per account: the test set the user last saved or
 * opened, and the finished evaluations of that set.
 */
const keyOf = (what: 'prove-last-set' | 'prove-last-evaluations') => {
  const userId = useAuthStore.getState().user?.id;
  const org = spaceStore.getState().activeOrg;
  return userId ? `prompt-perfect:${what}:${userId}${org ? `:org:${org.id}` : ''}` : null;
};

function write(key: string | null, value: string | null): void {
  if (!key) return;
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage full or blocked: the panel just opens without it
  }
}

function read(key: string | null): string | null {
  if (!key) return null;
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function rememberTestSet(id: number | null): void {
  write(keyOf('prove-last-set'), id === null ? null : String(id));
}

export function lastTestSet(): number | null {
  const id = Number(read(keyOf('prove-last-set')));
  return Number.isInteger(id) && id > 0 ? id : null;
}

type Evaluations = ProveState['evaluations'];

const finished = (run: EvaluationRun | null) => (run && run.status === 'done' ? run : null);

/** Keeps the finished evaluations of a saved set (a run still going or failed is not kept). */
export function rememberEvaluations(setId: number | null, evaluations: Evaluations): void {
  const kept = { original: finished(evaluations.original), optimized: finished(evaluations.optimized) };
  const none = !kept.original && !kept.optimized;
  write(keyOf('prove-last-evaluations'), setId === null || none ? null : JSON.stringify({ setId, evaluations: kept }));
}

const looksFinished = (run: unknown): run is EvaluationRun => {
  const r = run as Partial<EvaluationRun> | null;
  return (
    !!r &&
    r.status === 'done' &&
    typeof r.prompt === 'string' &&
    typeof r.label === 'string' &&
    Array.isArray(r.results)
  );
};

/** The evaluations kept for this set, if any. */
export function lastEvaluations(setId: number): Evaluations | null {
  try {
    const stored = JSON.parse(read(keyOf('prove-last-evaluations')) ?? 'null') as {
      setId?: unknown;
      evaluations?: { original?: unknown; optimized?: unknown };
    } | null;
    if (!stored || stored.setId !== setId || !stored.evaluations) return null;
    const { original, optimized } = stored.evaluations;
    const kept = {
      original: looksFinished(original) ? original : null,
      optimized: looksFinished(optimized) ? optimized : null,
    };
    return kept.original || kept.optimized ? kept : null;
  } catch {
    return null;
  }
}
