/** The [prove] model roles (answer, judge, propose) over any way of calling a model. */
import type { ModelChoice } from '../api/prove';
import type { ModelText } from './evaluate';
import type { OptimizerDeps } from './optimizer';
import { parseJudgeAnswer, parseProposedPrompt } from './parse';
import { JUDGE_SYSTEM_PROMPT, judgeUserMessage, PROPOSE_SYSTEM_PROMPT, proposeUserMessage } from './prompts';

export type ModelCall = (
  choice: ModelChoice,
  systemPrompt: string,
  userPrompt: string,
  signal: AbortSignal,
) => Promise<ModelText>;

export function proveModelsOver(call: ModelCall, answerModel: ModelChoice, judgeModel: ModelChoice): OptimizerDeps {
  return {
    answer: (prompt, input, signal) => call(answerModel, prompt, input, signal),
    async judge(rubric, input, answer, expected, signal) {
      const out = await call(
        judgeModel,
        JUDGE_SYSTEM_PROMPT,
        judgeUserMessage(rubric, input, answer, expected),
        signal,
      );
      return { ...parseJudgeAnswer(out.text), tokens: out.tokens };
    },
    async propose(prompt, failures, signal) {
      const out = await call(answerModel, PROPOSE_SYSTEM_PROMPT, proposeUserMessage(prompt, failures), signal);
      return { text: parseProposedPrompt(out.text), tokens: out.tokens };
    },
  };
}
