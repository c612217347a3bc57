/** The grid's first columns: the original and the optimized prompt on the Test model. */
import { PROVIDER_IDS } from '@prompt-perfect/core/catalog/providers';
import type { ModelChoice } from '../../state/modelChoices';
import { modelsOf, type ProvidersInfo } from '../../state/providersStore';
import { addColumn } from './columns';
import { useCompareStore } from './compareStore';
import { OPTIMIZED_LABEL, ORIGINAL_LABEL } from './promptVersions';
import type { Column, PromptVersion } from './types';

/**
 * The model a new column starts on: the first model, provider by provider, that no column uses yet
 * (a comparison is of different models), else the Test model.
 */
export function nextModel(
  columns: Pick<Column, 'provider' | 'model'>[],
  info: Pick<ProvidersInfo, 'configured' | 'models'>,
  testModel: ModelChoice,
): ModelChoice {
  const used = new Set(columns.map((c) => `${c.provider}:${c.model}`));
  const providers = [testModel.provider, ...PROVIDER_IDS.filter((p) => p !== testModel.provider)].filter(
    (p) => info.configured[p] !== false,
  );
  for (const provider of providers) {
    const model = modelsOf(info.models, provider).find((m) => !used.has(`${provider}:${m.id}`));
    if (model) return { provider, model: model.id };
  }
  return testModel;
}

/**
 * Sets up an empty grid once there is an optimized prompt: the original and the optimized one on
 * the Test model (a column's model and prompt can then be changed, and models added).
 */
export function setUpColumns(versions: PromptVersion[], testModel: ModelChoice): void {
  if (useCompareStore.getState().columns.length > 0) return;
  const original = versions.find((v) => v.label === ORIGINAL_LABEL);
  const optimized = versions.find((v) => v.label === OPTIMIZED_LABEL);
  if (!optimized) return;
  for (const prompt of original ? [original, optimized] : [optimized])
    addColumn(testModel.provider, testModel.model, prompt);
}
