/**
 * The model check beside the rules: the chosen model is asked, with a fixed instruction and a JSON
 * schema, for findings of the meaning rules; its answer is validated, its quotes placed in the
 * prompt (or dropped), and its findings merged with the rules'. Pure: the caller makes the call.
 */
import { parseModelLintAnswer } from './answer';
import { locateModelFindings, type LocatedFindings } from './locate';
import { type ModelLintRequest, modelLintRequest } from './request';

export { ModelLintAnswerError } from './answer';
export type { LocatedFindings } from './locate';
export { mergeFindings } from './merge';
export { MODEL_LINT_ANSWER_SCHEMA, MODEL_LINT_INSTRUCTION, MODEL_LINT_RULE_IDS, modelLintRequest } from './request';
export type { ModelLintRequest, ModelLintRuleId } from './request';

/** Findings from the model's answer text for `prompt`; throws ModelLintAnswerError when the answer is unusable. */
export const modelFindingsOf = (prompt: string, answer: string): LocatedFindings =>
  locateModelFindings(prompt, parseModelLintAnswer(answer));

/** Asks `ask` (one model call) and places its findings; the rules' findings are merged by the caller. */
export async function checkWithModel(
  prompt: string,
  ask: (request: ModelLintRequest) => Promise<string>,
): Promise<LocatedFindings> {
  return modelFindingsOf(prompt, await ask(modelLintRequest(prompt)));
}
