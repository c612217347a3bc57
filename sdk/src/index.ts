/** The public API of @prompt-perfect/sdk. */
export { createPromptClient, PromptFetchError } from './client.js';
/** @public */
export type { ClientOptions, GetPromptOptions, Prompt, PromptClient } from './client.js';
export { compile, MissingVariableError } from './compile.js';
/** @public */
export type { FetchedPrompt, PromptConfig, PromptSource } from './types.js';
