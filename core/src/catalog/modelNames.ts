/** How a model is named wherever the product shows one: the picker, hints, results and History. */
import { PROVIDER_IDS, PROVIDERS } from './providers';

/** The offline optimizer, shown where a model's name would be. */
export const OFFLINE_MODEL_NAME = 'Offline optimizer';

/** The catalogue's name of a model ("GPT-4o"), else the id the server listed it under. */
export function modelDisplayName(modelId: string): string {
  for (const provider of PROVIDER_IDS) {
    const found = PROVIDERS[provider].models.find((m) => m.id === modelId);
    if (found) return found.name;
  }
  return modelId;
}
