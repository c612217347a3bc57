import type { ReactNode } from 'react';
import { PROVIDERS, TRIAL_MODEL } from '@prompt-perfect/core/catalog/providers';
import { TRIAL_LIMIT } from '@prompt-perfect/core/trial';

const modelNames = (provider: keyof typeof PROVIDERS) => PROVIDERS[provider].models.map((m) => m.name).join(', ');

export interface FaqItem {
  id: string;
  question: string;
  answer: ReactNode;
}

/**
 * The four questions of the spec, answered truthfully for THIS product: keys stay on the server,
 * trial counts live on the server (per visitor cookie) and in localStorage, favorites and stats
 * live in browser storage, the trial uses gpt-4o-mini, and the offline optimizer runs when the
 * server has no key. Model names come from the shared catalogue.
 */
export const FAQ_ITEMS: FaqItem[] = [
  {
    id: 'what',
    question: 'What is prompt perfection?',
    answer: (
      <p>
        Turning a rough task description into a prompt a language model can act on. Prompt Perfect rewrites what you
        type to add specificity, context, structure, constraints and a clear expected output, so the model gets it right
        the first time.
      </p>
    ),
  },
  {
    id: 'trial',
    question: 'How does the free trial work?',
    answer: (
      <>
        <p>
          You get {TRIAL_LIMIT} free runs without an account. Each successful run uses one; a run that fails does not
          count.
        </p>
        <p>
          Our server counts your runs (it knows your browser by a visitor cookie), so clearing browser storage does not
          reset the trial. Sign in to keep going without a limit.
        </p>
      </>
    ),
  },
  {
    id: 'models',
    question: 'Which AI models are supported?',
    answer: (
      <>
        <p>
          Free trial runs use OpenAI <code>{TRIAL_MODEL}</code>. Signed in, you choose the model for each run:
        </p>
        <ul>
          <li>OpenAI: {modelNames('openai')}.</li>
          <li>Anthropic: {modelNames('anthropic')}.</li>
        </ul>
        <p>
          If the server has no AI provider key configured, a built-in offline optimizer rewrites your prompt with fixed
          rules instead, and the result says so.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    question: 'Is my data secure?',
    answer: (
      <>
        <p>
          AI provider API keys stay on our server; they are never sent to your browser. Your prompt goes from your
          browser to our server and on to the AI provider to be rewritten (the offline optimizer never sends it
          anywhere). Our server does not save your prompts or write them to its logs.
        </p>
        <p>
          Your favorites and progress stats are kept in your browser&rsquo;s storage, not on our server. For the free
          trial the server keeps only a run count per visitor cookie and a keyed hash of your IP address.
        </p>
      </>
    ),
  },
];
