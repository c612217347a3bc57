/**
 * The models each provider offers: the spec's catalogue merged with what the provider lists itself
 * (GET /v1/models through its SDK), refreshed at start-up, every MODELS_REFRESH_MS and on demand.
 * OPENAI_MODELS / ANTHROPIC_MODELS pin a list instead. The server accepts exactly the listed ids.
 */
import type { Logger } from 'pino';
import type { ApiModelInfo, ProviderModels } from '@prompt-perfect/core/api/types';
import { isO1Family, looksLikeChatModel } from '@prompt-perfect/core/catalog/modelFamily';
import { PROVIDER_IDS, PROVIDERS, type ModelInfo, type ProviderId } from '@prompt-perfect/core/catalog/providers';
import type { ListedModel, TextProvider } from '../../providers/types';

const DISCOVERED_DESCRIPTION = 'Listed by the provider.';
const PINNED_DESCRIPTION = 'Pinned by the server configuration.';
/** A listing that hangs must not hold up anything: it is abandoned after this long. */
const LIST_TIMEOUT_MS = 15_000;

const fromCatalogue = (m: ModelInfo): ApiModelInfo => ({ ...m, isO1: m.isO1 ?? false, source: 'catalogue' });

/**
 * Catalogue models the provider lists keep their names and order; the rest follow by id under
 * their own names. Non-chat models (embeddings, speech, images) are left out.
 */
function mergeModels(catalogue: ModelInfo[], listed: ListedModel[]): ApiModelInfo[] {
  const byId = new Map(listed.filter((m) => looksLikeChatModel(m.id)).map((m) => [m.id, m]));
  const known = catalogue.filter((m) => byId.has(m.id)).map(fromCatalogue);
  const others = [...byId.values()]
    .filter((m) => !catalogue.some((c) => c.id === m.id))
    .sort((a, b) => a.id.localeCompare(b.id))
    .map(
      (m): ApiModelInfo => ({
        id: m.id,
        name: m.name ?? m.id,
        description: DISCOVERED_DESCRIPTION,
        isO1: isO1Family(m.id),
        source: 'discovered',
      }),
    );
  return [...known, ...others];
}

/** A pinned list: catalogue entries keep their names, other ids are taken as given. */
function pinnedModels(catalogue: ModelInfo[], ids: string[]): ApiModelInfo[] {
  return ids.map((id) => {
    const known = catalogue.find((m) => m.id === id);
    return known
      ? { ...fromCatalogue(known), source: 'pinned' }
      : { id, name: id, description: PINNED_DESCRIPTION, isO1: isO1Family(id), source: 'pinned' };
  });
}

export interface ModelList {
  list(provider: ProviderId): ProviderModels;
  find(provider: ProviderId, modelId: string): ApiModelInfo | undefined;
  /** Asks every configured, unpinned provider again; a provider that fails keeps what it had. */
  refresh(): Promise<void>;
  /** Stops the periodic refresh. */
  stop(): void;
}

interface Entry {
  models: ApiModelInfo[];
  fetchedAt: string | null;
  listFailed: boolean;
}

export function createModelList(
  providers: Record<ProviderId, TextProvider>,
  pins: Partial<Record<ProviderId, string[]>>,
  refreshMs: number,
  logger?: Logger,
): ModelList {
  const entries = new Map<ProviderId, Entry>();
  for (const id of PROVIDER_IDS) {
    const pinned = pins[id];
    entries.set(id, {
      models: pinned ? pinnedModels(PROVIDERS[id].models, pinned) : PROVIDERS[id].models.map(fromCatalogue),
      fetchedAt: null,
      listFailed: false,
    });
  }

  async function refreshOne(id: ProviderId) {
    if (pins[id] || !providers[id].configured) return;
    try {
      const listed = await providers[id].listModels(AbortSignal.timeout(LIST_TIMEOUT_MS));
      const models = mergeModels(PROVIDERS[id].models, listed);
      // An empty or chat-free list says nothing useful: keep the catalogue rather than offer nothing.
      if (models.length > 0) entries.set(id, { models, fetchedAt: new Date().toISOString(), listFailed: false });
      else logger?.warn({ provider: id }, 'the provider listed no chat models; keeping the catalogue');
    } catch (err) {
      const current = entries.get(id);
      if (current) entries.set(id, { ...current, listFailed: true });
      logger?.warn(
        { provider: id, err, kind: (err as { kind?: string })?.kind },
        'listing models failed; keeping the current list',
      );
    }
  }

  let refreshing: Promise<void> | undefined;
  const refresh = () => {
    refreshing ??= Promise.all(PROVIDER_IDS.map(refreshOne)).then(() => {
      refreshing = undefined;
    });
    return refreshing;
  };

  void refresh();
  const timer = setInterval(() => void refresh(), refreshMs);
  timer.unref();

  return {
    list(id) {
      const entry = entries.get(id) ?? { models: [], fetchedAt: null, listFailed: true };
      return {
        id,
        label: PROVIDERS[id].label,
        configured: providers[id].configured,
        models: entry.models,
        fetchedAt: entry.fetchedAt,
        listFailed: entry.listFailed,
      };
    },
    find(id, modelId) {
      return entries.get(id)?.models.find((m) => m.id === modelId);
    },
    refresh,
    stop() {
      clearInterval(timer);
    },
  };
}
