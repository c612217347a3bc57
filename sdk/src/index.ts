/** The public API of @prompt-perfect/sdk. */
export { createPromptClient, PromptFetchError } from './client';
/** @public */
export type { ClientOptions, GetPromptOptions, Prompt, PromptClient } from './client';
export { compile, MissingVariableError } from './compile';
/** @public */
export type { FetchedPrompt, PromptConfig, PromptSource } from './types';
