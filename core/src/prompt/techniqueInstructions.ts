import type { TechniqueId } from '../catalog/techniques';

/** How the model should rewrite a task with each technique (system instruction, model calls). */
export const TECHNIQUE_SYSTEM_INSTRUCTIONS: Record<TechniqueId, string> = {
  'zero-shot':
    'Use the zero-shot technique: write one clear, direct instruction with no examples. State the task, the relevant context, the constraints and the exact output format.',
  'few-shot':
    'Use the few-shot technique: include 2-3 short, realistic examples of input and ideal output that demonstrate the expected pattern, then state the actual task.',
  'chain-of-thought':
    'Use the chain-of-thought technique: ask the model to work through the problem step by step, showing its reasoning, before giving a clearly marked final answer.',
  'role-prompting':
    'Use the role-prompting technique: open by assigning the model a specific expert role suited to the task, and have it answer from that expert perspective.',
};
