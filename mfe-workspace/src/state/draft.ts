/**
 * Nothing lost between steps: the workspace draft is saved per account as it changes and restored
 * when the workspace opens, and a visitor's trial work (task, last result) is carried in on sign-in.
 */
import { loadDraft, saveDraft, type WorkspaceDraft } from '@prompt-perfect/shared/stores/workspaceDraft';
import { takeVisitorWork } from '@prompt-perfect/shared/visitor/visitorWork';
import { startingModel, useProvidersStore } from './providersStore';
import { useWorkspaceStore, type WorkspaceState } from './workspaceStore';

function isOffered(provider: NonNullable<WorkspaceDraft['provider']>, model: string): boolean {
  const listed = useProvidersStore.getState().models[provider];
  return !listed?.length || listed.some((m) => m.id === model);
}

function draftOf(s: WorkspaceState): WorkspaceDraft {
  const output =
    s.output && !s.output.error && !s.output.streaming ? { text: s.output.text, model: s.output.model } : null;
  return {
    technique: s.technique,
    provider: s.provider,
    model: s.model,
    input: s.input,
    variables: s.variables,
    testInput: s.testInput,
    testModelChoice: s.testModelChoice,
    language: s.language,
    tone: s.tone,
    customTone: s.customTone,
    templateId: s.templateId,
    personaId: s.personaId,
    audienceId: s.audienceId,
    positiveExamples: s.positiveExamples,
    negativeExamples: s.negativeExamples,
    output,
    outputSource: output ? s.outputSource : '',
    outputHistoryId: output ? s.outputHistoryId : null,
    outputMadeFrom: output ? s.outputMadeFrom : '',
  };
}

function patchOf(draft: WorkspaceDraft): Partial<WorkspaceState> {
  const { output, testModelChoice, provider, model, ...rest } = draft;
  const patch: Partial<WorkspaceState> = { ...rest };
  // The model only with its provider, and only one the server offers (or may offer: list not loaded yet).
  if (provider) {
    patch.provider = provider;
    patch.model = model && isOffered(provider, model) ? model : startingModel(provider);
  }
  if (output !== undefined) patch.output = output && { text: output.text, error: false, model: output.model };
  if (testModelChoice?.provider)
    patch.testModelChoice = { provider: testModelChoice.provider, model: testModelChoice.model };
  return patch;
}

/**
 * Restores the account's draft, then the visitor's work on top of it (the most recent thing the
 * person did), and keeps saving the draft until the returned function is called.
 */
export function keepDraft(userId: string): () => void {
  const store = useWorkspaceStore;
  const draft = loadDraft(userId);
  if (draft) store.setState(patchOf(draft));
  const visitor = takeVisitorWork();
  if (visitor) {
    store.setState(
      visitor.result
        ? {
            input: visitor.task || visitor.result.task,
            output: { text: visitor.result.text, error: false },
            outputSource: visitor.result.task,
            outputHistoryId: null,
            outputMadeFrom: '',
          }
        : { input: visitor.task },
    );
  }
  if (visitor) saveDraft(userId, draftOf(store.getState()));
  return store.subscribe((state, previous) => {
    if (state.busy && state.output === previous.output) return;
    saveDraft(userId, draftOf(state));
  });
}
