/** Setting up the grid: columns (a prompt on a model), the shared input. */
import type { ProviderId } from '@prompt-perfect/core/catalog/providers';
import { newId, updateColumn, useCompareStore } from './compareStore';
import { MAX_COLUMNS, type PromptVersion } from './types';

export function addColumn(provider: ProviderId, model: string, prompt: PromptVersion): void {
  const { columns } = useCompareStore.getState();
  if (columns.length >= MAX_COLUMNS) return;
  useCompareStore.setState({ columns: [...columns, { id: newId('c'), provider, model, prompt, answer: null }] });
}

export function removeColumn(id: string): void {
  useCompareStore.setState({ columns: useCompareStore.getState().columns.filter((c) => c.id !== id) });
}

/** Another model or prompt: the answer shown was made by the old one, so it goes. */
export function setColumnModel(id: string, provider: ProviderId, model: string): void {
  updateColumn(id, () => ({ provider, model, answer: null }));
}

export function setColumnPrompt(id: string, prompt: PromptVersion): void {
  updateColumn(id, () => ({ prompt, answer: null }));
}

export function setCompareInput(input: string): void {
  useCompareStore.setState({ input });
}
