/**
 * The Test model: what Test Prompt and Compare run on, and what Prove starts from. The user's pick
 * while its provider is available and the server offers the model; otherwise the default: the
 * server's test model (gpt-4o) where OpenAI is configured, else the first model of a configured provider.
 */
import { PROVIDER_IDS, type ProviderId } from '@prompt-perfect/core/catalog/providers';
import { modelsOf, useProvidersStore, type ProvidersInfo } from './providersStore';
import { useWorkspaceStore } from './workspaceStore';

export interface TestModelChoice {
  provider: ProviderId;
  model: string;
}

/** Why Test, Compare and Prove cannot run: no provider has a key, so there is no model to test on. */
export const NO_TEST_MODEL_REASON =
  'Needs an AI provider: none is configured on this server, so prompts cannot be tested on a model.';

type Availability = Pick<ProvidersInfo, 'configured' | 'models' | 'testModel'>;

/** True once the server has reported every provider as not configured (unknown is not offline). */
function isOffline(configured: ProvidersInfo['configured']): boolean {
  return PROVIDER_IDS.every((p) => configured[p] === false);
}

const offers = (info: Availability, { provider, model }: TestModelChoice) =>
  modelsOf(info.models, provider).some((m) => m.id === model) || (provider === 'openai' && model === info.testModel);

export function defaultTestModel(info: Availability): TestModelChoice | null {
  if (isOffline(info.configured)) return null;
  if (info.configured.openai !== false) return { provider: 'openai', model: info.testModel };
  const provider = PROVIDER_IDS.find((p) => info.configured[p] === true);
  return provider ? { provider, model: modelsOf(info.models, provider)[0].id } : null;
}

export function resolveTestModel(chosen: TestModelChoice | null, info: Availability): TestModelChoice | null {
  if (chosen && info.configured[chosen.provider] !== false && offers(info, chosen)) return chosen;
  return defaultTestModel(info);
}

/** The Test model now (null offline). Exported for Prove, which starts from it. */
export function useTestModel(): TestModelChoice | null {
  const chosen = useWorkspaceStore((s) => s.testModelChoice);
  const configured = useProvidersStore((s) => s.configured);
  const models = useProvidersStore((s) => s.models);
  const testModel = useProvidersStore((s) => s.testModel);
  return resolveTestModel(chosen, { configured, models, testModel });
}

/** The Test model for a run about to start (waits for the server's list once). */
export async function currentTestModel(): Promise<TestModelChoice | null> {
  const info = await useProvidersStore.getState().load();
  return resolveTestModel(useWorkspaceStore.getState().testModelChoice, info);
}
