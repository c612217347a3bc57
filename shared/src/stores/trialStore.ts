import { create } from 'zustand';
import {
  parseTrialCount,
  serializeTrialCount,
  TRIAL_LIMIT,
  TRIAL_STORAGE_KEY,
  trialRemaining,
} from '@prompt-perfect/core/trial';
import { onOtherTabChange, safeGetItem, safeSetItem } from './storage';

/**
 * The visitor's free-trial counter. `count` mirrors localStorage 'promptTrialCount' as a plain
 * integer string, exactly as the spec stores it (no zustand JSON envelope), so it is read and
 * written by hand rather than through `persist`. The server's own count (design brief, decision
 * 2) arrives through syncServerRemaining and wins whenever it reports fewer runs remaining.
 */
export interface TrialState {
  count: number;
  /** Remaining runs as last reported by the server; null until it reports. */
  serverRemaining: number | null;
  /**
   * A successful run: count + 1 (a failed run must not call this). Pass the server's reported
   * remaining, when the response carries it, to apply both in the right order.
   */
  recordSuccessfulRun: (serverRemaining?: number) => void;
  /** Server wins when it reports fewer remaining: count rises to TRIAL_LIMIT - remaining. */
  syncServerRemaining: (remaining: number) => void;
  /** Re-reads localStorage (another tab changed it). */
  reload: () => void;
}

const readStoredCount = (): number => parseTrialCount(safeGetItem(TRIAL_STORAGE_KEY));

function clampRemaining(remaining: number): number | null {
  if (typeof remaining !== 'number' || !Number.isFinite(remaining)) return null;
  return Math.max(0, Math.min(TRIAL_LIMIT, Math.floor(remaining)));
}

function applyServer(count: number, remaining: number | null): number {
  return remaining === null ? count : Math.max(count, TRIAL_LIMIT - remaining);
}

export const useTrialStore = create<TrialState>()((set, get) => ({
  // The initial state is what hydrating a prerendered page reads (zustand's server snapshot): no
  // runs known, like the page built at build time. The stored count is applied just below, so a
  // returning visitor's real figure arrives in the render right after hydration.
  count: 0,
  serverRemaining: null,
  recordSuccessfulRun: (serverRemaining) => {
    // Another tab may have counted runs since we last read: never go below what is stored.
    let count = Math.max(get().count, readStoredCount()) + 1;
    const remaining = serverRemaining === undefined ? null : clampRemaining(serverRemaining);
    count = applyServer(count, remaining);
    safeSetItem(TRIAL_STORAGE_KEY, serializeTrialCount(count));
    set(remaining === null ? { count } : { count, serverRemaining: remaining });
  },
  syncServerRemaining: (remaining) => {
    const r = clampRemaining(remaining);
    if (r === null) return;
    const current = get().count;
    const count = applyServer(current, r);
    if (count !== current) safeSetItem(TRIAL_STORAGE_KEY, serializeTrialCount(count));
    set({ count, serverRemaining: r });
  },
  reload: () => {
    const { serverRemaining } = get();
    set({ count: applyServer(readStoredCount(), serverRemaining) });
  },
}));

/** Runs left: the browser's count, lowered further by the server's figure when it has one. */
export function selectRemaining(state: Pick<TrialState, 'count' | 'serverRemaining'>): number {
  const local = trialRemaining(state.count);
  return state.serverRemaining === null ? local : Math.min(local, state.serverRemaining);
}

export function selectTrialsExhausted(state: Pick<TrialState, 'count' | 'serverRemaining'>): boolean {
  return selectRemaining(state) === 0;
}

useTrialStore.setState({ count: readStoredCount() });

// Keep tabs in step: another tab's run updates this one's badge.
onOtherTabChange(TRIAL_STORAGE_KEY, () => useTrialStore.getState().reload());
