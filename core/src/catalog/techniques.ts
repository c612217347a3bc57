/** The four optimization techniques, keyed by id (spec section 3). */
export type TechniqueId = 'zero-shot' | 'few-shot' | 'chain-of-thought' | 'role-prompting';

export interface Technique {
  id: TechniqueId;
  name: string;
  description: string;
}

export const TECHNIQUES: Record<TechniqueId, Technique> = {
  'zero-shot': {
    id: 'zero-shot',
    name: 'Zero-Shot',
    description:
      'A clear, direct instruction with no examples: states the task, context, constraints and expected output.',
  },
  'few-shot': {
    id: 'few-shot',
    name: 'Few-Shot',
    description: 'Adds worked examples of the input and the desired output so the model can follow the pattern.',
  },
  'chain-of-thought': {
    id: 'chain-of-thought',
    name: 'Chain of Thought',
    description:
      'Asks the model to reason step by step before giving its final answer; best for analysis and problem solving.',
  },
  'role-prompting': {
    id: 'role-prompting',
    name: 'Role Prompting',
    description: 'Gives the model an expert role and perspective, so answers use that domain knowledge and voice.',
  },
};

export const TECHNIQUE_IDS: TechniqueId[] = ['zero-shot', 'few-shot', 'chain-of-thought', 'role-prompting'];

export const DEFAULT_TECHNIQUE: TechniqueId = 'zero-shot';

export function isTechniqueId(x: unknown): x is TechniqueId {
  return typeof x === 'string' && Object.hasOwn(TECHNIQUES, x);
}
