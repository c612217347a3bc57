/** Every model the server lists, grouped by provider, as one picker's options ("provider:model"). */
import { PROVIDER_IDS, PROVIDERS, type ProviderId } from '@prompt-perfect/core/catalog/providers';
import { modelsOf, type ProvidersInfo } from './providersStore';

export interface ModelChoice {
  provider: ProviderId;
  model: string;
}

// A model id may contain ':' (llama3.2:3b); a provider id never does.
export const modelOptionValue = ({ provider, model }: ModelChoice) => `${provider}:${model}`;

export function parseModelOption(value: string): ModelChoice | null {
  const at = value.indexOf(':');
  const provider = PROVIDER_IDS.find((p) => p === value.slice(0, at));
  return provider ? { provider, model: value.slice(at + 1) } : null;
}

/** Providers reported unconfigured are left out; the current model is listed even when the server no longer offers it. */
export function modelGroups(info: Pick<ProvidersInfo, 'configured' | 'models'>, current: ModelChoice) {
  return PROVIDER_IDS.filter((p) => info.configured[p] !== false).map((p) => {
    const offered = modelsOf(info.models, p);
    const listed =
      offered.some((m) => m.id === current.model) || current.provider !== p
        ? offered
        : [{ id: current.model, name: current.model }, ...offered];
    return {
      label: PROVIDERS[p].label,
      options: listed.map((m) => ({ value: modelOptionValue({ provider: p, model: m.id }), label: m.name })),
    };
  });
}
