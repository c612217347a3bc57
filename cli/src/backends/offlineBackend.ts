/** The tools that need no server: the linter and the offline optimizer, in process. */
import { TOKEN_SCOPES } from '@prompt-perfect/core/api/tokens';
import type { PromptPerfectBackend } from '@prompt-perfect/core/mcp/backend';
import { optimizeOffline } from '@prompt-perfect/core/prompt/offlineOptimizer';
import { lintPrompt } from '@prompt-perfect/core/lint/index';

const MODEL_CHECK_NEEDS_SERVER =
  'The model check needs a Prompt Perfect server: set PROMPT_PERFECT_TOKEN (and PROMPT_PERFECT_URL), or leave model out for the rules alone.';
const NEEDS_SERVER =
  'Improving with a model needs a Prompt Perfect server: set PROMPT_PERFECT_TOKEN (and PROMPT_PERFECT_URL), or leave provider and model out.';

export function createOfflineBackend(): PromptPerfectBackend {
  return {
    scopes: TOKEN_SCOPES,
    async lint({ prompt, original, variables, model }) {
      if (model) throw new Error(MODEL_CHECK_NEEDS_SERVER);
      return { findings: lintPrompt(prompt, { original, variables }) };
    },
    async improve({ prompt, technique, tone, language, provider }) {
      if (provider) throw new Error(NEEDS_SERVER);
      return { prompt: optimizeOffline(prompt, { technique, tone, language }), provider: 'offline', model: 'offline' };
    },
  };
}
