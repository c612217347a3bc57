import { useProvidersStore } from '../../state/providersStore';
import { resolveTestModel } from '../../state/testModel';
import { useWorkspaceStore, type WorkspaceState } from '../../state/workspaceStore';

/**
 * The prompt being proved: the optimized prompt in the output when there is one, else the text in
 * the editor. `task` is what the cases are drafted from.
 */
function provedPromptOf(s: WorkspaceState): { prompt: string; task: string; inOutput: boolean } {
  const output = s.output && !s.output.error && !s.output.streaming ? s.output.text : '';
  if (output) return { prompt: output, task: s.outputSource || s.input, inOutput: true };
  return { prompt: s.input, task: s.input, inOutput: false };
}

export const provedPrompt = () => provedPromptOf(useWorkspaceStore.getState());

/** The proved prompt's text, kept current in a component. */
export const useProvedPrompt = () => useWorkspaceStore((s) => provedPromptOf(s).prompt);

/** The run model: the Test model (Test Prompt's, what the prompt is tested on), else the workspace's provider and model. */
export function runModel() {
  const { provider, model, testModelChoice } = useWorkspaceStore.getState();
  return resolveTestModel(testModelChoice, useProvidersStore.getState()) ?? { provider, model };
}
