import { messageOf } from '@prompt-perfect/core/errors/messageOf';
import { StreamInterrupted } from '@prompt-perfect/shared/api/streamClient';
import { errorText } from '@prompt-perfect/core/messages';
import { buildTestRequest } from '@prompt-perfect/core/prompt/buildRequests';
import { validateTestInput } from '@prompt-perfect/core/prompt/validation';
import { currentResult, failedOutput, modelAnswer } from './actions';
import { currentTestModel, NO_TEST_MODEL_REASON, type TestModelChoice } from './testModel';
import { endRun, startRun, wasCancelled } from './runs';
import { useWorkspaceStore, variablesOf, type ResultText } from './workspaceStore';
import { fillVariables } from '@prompt-perfect/core/prompt/variables';

type Side = 'original' | 'optimized';

/**
 * Compare: runs the test input through the ORIGINAL prompt (the task as the user wrote it) and
 * through the OPTIMIZED prompt, on the same Test model, both streamed at once. Each side shows
 * its own answer or its own error; Stop ends both and keeps what arrived.
 */
export async function compareTest(): Promise<void> {
  const s = useWorkspaceStore.getState();
  if (s.compareBusy) return;
  const optimized = currentResult();
  const invalid = validateTestInput({ optimizedPrompt: optimized, testInput: s.testInput });
  if (invalid) {
    s.set({ testOutput: { text: errorText(invalid), error: true } });
    return;
  }
  // Test values are filled in on both sides: the original prompt uses the same {{variables}}.
  const values = variablesOf({ input: `${s.outputSource}\n${optimized}`, variables: s.variables });
  const prompts: Record<Side, string> = {
    original: fillVariables(s.outputSource.trim(), values),
    optimized: fillVariables(optimized, values),
  };
  const signal = startRun('compare');
  s.set({ compareBusy: true, compare: { original: null, optimized: null } });
  const put = (side: Side, result: ResultText) => {
    if (wasCancelled(signal)) return;
    const compare = useWorkspaceStore.getState().compare ?? { original: null, optimized: null };
    useWorkspaceStore.getState().set({ compare: { ...compare, [side]: result } });
  };

  const run = async (side: Side, { provider, model }: TestModelChoice) => {
    try {
      const answer = await modelAnswer(provider, model, buildTestRequest(prompts[side], s.testInput), signal, (text) =>
        put(side, { text, error: false, streaming: true, model }),
      );
      put(side, { text: answer.text.trim(), error: false, model });
    } catch (error) {
      if (signal.aborted) {
        const shown = useWorkspaceStore.getState().compare?.[side];
        if (shown) put(side, { ...shown, streaming: false });
        return;
      }
      put(side, failedOutput(errorText(messageOf(error)), error instanceof StreamInterrupted ? error.partialText : ''));
    }
  };

  try {
    const chosen = await currentTestModel();
    if (!chosen) {
      for (const side of ['original', 'optimized'] as const)
        put(side, { text: errorText(NO_TEST_MODEL_REASON), error: true });
      return;
    }
    await Promise.all([run('original', chosen), run('optimized', chosen)]);
  } finally {
    if (!wasCancelled(signal)) useWorkspaceStore.getState().set({ compareBusy: false });
    endRun('compare', signal);
  }
}
