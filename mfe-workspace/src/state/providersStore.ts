import { messageOf } from '@prompt-perfect/core/errors/messageOf';
import { create } from 'zustand';
import { fetchProviders, refreshProviders } from '@prompt-perfect/shared/api/client';
import type { ApiModelInfo, ProvidersResponse } from '@prompt-perfect/core/api/types';
import {
  DEFAULT_MODEL,
  isProviderId,
  PROVIDERS,
  TEST_MODEL,
  type ProviderId,
} from '@prompt-perfect/core/catalog/providers';

type Availability = Partial<Record<ProviderId, boolean>>;

export interface ProvidersInfo {
  configured: Availability;
  /** Each provider's models as the server lists them (catalogue first); missing while unknown. */
  models: Partial<Record<ProviderId, ApiModelInfo[]>>;
  /** When each provider's own list was last fetched (ISO); null when only the catalogue is known. */
  fetchedAt: Partial<Record<ProviderId, string | null>>;
  /** Providers whose last model listing failed (their list is the previous one). */
  listFailed: Partial<Record<ProviderId, boolean>>;
  /** The model Test Prompt runs on. */
  testModel: string;
}

interface ProvidersState extends ProvidersInfo {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  refreshing: boolean;
  /** Set when the last Refresh failed: the message to show. */
  refreshError: string | null;
  /** Loads once; later calls share the same promise. */
  load: () => Promise<ProvidersInfo>;
  /** Asks the server to list the providers' models again (a model just pulled into Ollama). */
  refresh: () => Promise<void>;
}

const UNKNOWN: ProvidersInfo = { configured: {}, models: {}, fetchedAt: {}, listFailed: {}, testModel: TEST_MODEL };

function infoOf(res: ProvidersResponse): ProvidersInfo {
  const info: ProvidersInfo = {
    configured: {},
    models: {},
    fetchedAt: {},
    listFailed: {},
    testModel: res.testModel || TEST_MODEL,
  };
  for (const p of res.providers) {
    if (!isProviderId(p.id)) continue;
    info.configured[p.id] = p.configured;
    info.models[p.id] = p.models;
    info.fetchedAt[p.id] = p.fetchedAt;
    info.listFailed[p.id] = p.listFailed === true;
  }
  return info;
}

const infoFrom = ({ configured, models, fetchedAt, listFailed, testModel }: ProvidersInfo): ProvidersInfo => ({
  configured,
  models,
  fetchedAt,
  listFailed,
  testModel,
});

let pending: Promise<ProvidersInfo> | null = null;

/**
 * What the server offers (GET /api/providers): which providers have a key, their models and the
 * Test Prompt model. A provider is missing from `configured` while that is unknown (not loaded
 * yet, or the request failed; a failed load is retried on the next call). Unknown is not "not
 * configured": runs then call the server anyway.
 */
export const useProvidersStore = create<ProvidersState>()((set, get) => ({
  ...UNKNOWN,
  status: 'idle',
  refreshing: false,
  refreshError: null,
  load: () => {
    if (get().status === 'ready') return Promise.resolve(infoFrom(get()));
    if (pending) return pending;
    set({ status: 'loading' });
    pending = fetchProviders()
      .then((res) => {
        const info = infoOf(res);
        set({ status: 'ready', ...info });
        return info;
      })
      .catch(() => {
        set({ status: 'failed', ...UNKNOWN });
        return UNKNOWN;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  },
  refresh: async () => {
    if (get().refreshing) return;
    set({ refreshing: true, refreshError: null });
    try {
      set({ status: 'ready', ...infoOf(await refreshProviders()), refreshing: false });
    } catch (error) {
      set({ refreshing: false, refreshError: messageOf(error) });
    }
  },
}));

const catalogueOf = (provider: ProviderId): ApiModelInfo[] =>
  PROVIDERS[provider].models.map((m) => ({ ...m, source: 'catalogue' }));

/** The models offered for a provider: the server's list once known, else the spec's catalogue. */
export function modelsOf(models: ProvidersInfo['models'], provider: ProviderId): ApiModelInfo[] {
  const listed = models[provider];
  return listed && listed.length > 0 ? listed : catalogueOf(provider);
}

/** The model a provider starts on: its first offered model. */
export function firstOfferedModel(provider: ProviderId): string {
  return modelsOf(useProvidersStore.getState().models, provider)[0].id;
}

/** The model a workspace opens on: the spec's default (gpt-4o-mini) when offered, else the first. */
export function startingModel(provider: ProviderId): string {
  const offered = modelsOf(useProvidersStore.getState().models, provider);
  return offered.some((m) => m.id === DEFAULT_MODEL) ? DEFAULT_MODEL : offered[0].id;
}
