/** Signed-in model calls: the Perfect, Continue Building and Test Prompt. */
import { ClaudeSchema, GenerateSchema } from '../../features/runs/generateRoutes';
import type { Operation } from '../operation';
import { TextResultSchema } from '../responses';

const BODY = {
  provider: 'openai',
  model: 'gpt-4o-mini',
  systemPrompt: 'You rewrite prompts to be clear and specific.',
  userPrompt: 'write a product description for hiking boots',
};

const modelCall = (
  path: string,
  schema: typeof GenerateSchema | typeof ClaudeSchema,
  streamed: boolean,
): Operation => ({
  method: 'post',
  path,
  tag: 'Model calls',
  summary: `${path.includes('claude') ? 'Call an Anthropic model' : 'Call a model of either provider'}${streamed ? ', streamed' : ''}`,
  description:
    'With a `run` record (Perfect, Continue Building) the answer is stored in the history and the XP counted; without one (Test Prompt) the text comes back as the model wrote it. Counts toward the daily budget and the concurrent runs.',
  access: 'sessionOrToken',
  body: schema,
  bodyExample: path.includes('claude') ? { ...BODY, provider: undefined, model: 'claude-sonnet-4-5' } : BODY,
  ok: {
    status: 200,
    description: "The model's answer (and the stored run).",
    schema: TextResultSchema,
    example: { text: 'Write a 120-word product description...' },
  },
  ...(streamed
    ? { stream: 'Text events as the model writes, then `done` with the stored run, or `error` after partial text.' }
    : {}),
  errors: {
    400: "A field is missing, or the model is not one of the provider's.",
    429: 'Too many requests, the daily budget is spent, or too many runs at once for this account.',
    502: 'The model provider failed.',
    503: 'The provider has no key on this server.',
  },
});

export const modelOperations: Operation[] = [
  modelCall('/api/generate', GenerateSchema, false),
  modelCall('/api/generate/stream', GenerateSchema, true),
  modelCall('/api/claude', ClaudeSchema, false),
  modelCall('/api/claude/stream', ClaudeSchema, true),
];
