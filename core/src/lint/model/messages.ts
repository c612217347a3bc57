/** What the model check says when it cannot run: the server, the CLI and the workspace show these words. */

export const MODEL_CHECK_OFFLINE =
  'The model check needs an AI provider: none is configured on this server, so only the rules check prompts.';

export const MODEL_CHECK_VISITORS =
  'The model check calls a model, so it is for signed-in users and personal API tokens: these findings are the rules alone.';
