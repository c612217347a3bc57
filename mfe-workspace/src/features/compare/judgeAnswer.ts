/**
 * Judging a column's answer with the rubric of the test set open in Prove: the same judge prompt
 * and verdict parsing as Prove's evaluations, on Prove's judge (or, by default, another model of
 * the column's provider than the one that answered).
 */
import { messageOf } from '@prompt-perfect/core/errors/messageOf';
import { parseJudgeAnswer } from '@prompt-perfect/core/prove/parse';
import { JUDGE_SYSTEM_PROMPT, judgeUserMessage } from '@prompt-perfect/core/prove/prompts';
import { modelAnswer } from '../../state/actions';
import { useProvidersStore } from '../../state/providersStore';
import { defaultJudge, useProveStore } from '../prove';
import { updateAnswer, useCompareStore } from './compareStore';
import { keepComparison } from './savedComparisons';

/** The open test set's rubric, or '' when none is open. */
export const useOpenRubric = () => useProveStore((s) => s.rubric.trim());

export async function judgeAnswer(columnId: string): Promise<void> {
  const column = useCompareStore.getState().columns.find((c) => c.id === columnId);
  const rubric = useProveStore.getState().rubric.trim();
  const answer = column?.answer;
  if (!column || !answer?.text.trim() || !rubric || answer.verdict?.status === 'judging') return;
  const judge =
    useProveStore.getState().judge ??
    defaultJudge({ provider: column.provider, model: column.model }, useProvidersStore.getState().models);
  updateAnswer(columnId, { verdict: { status: 'judging' } });
  try {
    const reply = await modelAnswer(
      judge.provider,
      judge.model,
      { systemPrompt: JUDGE_SYSTEM_PROMPT, userPrompt: judgeUserMessage(rubric, answer.sent.userPrompt, answer.text) },
      new AbortController().signal,
      () => {},
    );
    const { score, critique } = parseJudgeAnswer(reply.text);
    updateAnswer(columnId, { verdict: { status: 'done', score, critique, judgeModel: judge.model } });
  } catch (error) {
    updateAnswer(columnId, { verdict: { status: 'failed', error: messageOf(error) } });
  }
  keepComparison();
}
