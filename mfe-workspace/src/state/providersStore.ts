import { create } from 'zustand';
import { fetchProviders } from '@prompt-perfect/shared/api/client';
import type { ProviderId } from '@prompt-perfect/shared/catalog/providers';

export type Availability = Partial<Record<ProviderId, boolean>>;

interface ProvidersState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  configured: Availability;
  /** Loads once; later calls share the same promise. Resolves to the availability map. */
  load: () => Promise<Availability>;
}

let pending: Promise<Availability> | null = null;

/**
 * Which providers the server has a key for (GET /api/providers). A provider is missing from the
 * map while that is unknown (not loaded yet, or the request failed; a failed load is retried on
 * the next call). Unknown is not "not configured": runs then call the server anyway.
 */
export const useProvidersStore = create<ProvidersState>()((set, get) => ({
  status: 'idle',
  configured: {},
  load: () => {
    if (get().status === 'ready') return Promise.resolve(get().configured);
    if (pending) return pending;
    set({ status: 'loading' });
    pending = fetchProviders()
      .then((res) => {
        const configured: Availability = {};
        for (const p of res.providers) if (p.id === 'openai' || p.id === 'anthropic') configured[p.id] = p.configured;
        set({ status: 'ready', configured });
        return configured;
      })
      .catch(() => {
        set({ status: 'failed', configured: {} });
        return {};
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  },
}));
