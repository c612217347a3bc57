/** The wire format of GET /api/prompts/:name (the server's FetchedPrompt), kept here so the SDK imports nothing. */
export interface PromptConfig {
  technique: string | null;
  provider: string | null;
  model: string | null;
  options: Record<string, unknown>;
}

export interface FetchedPrompt {
  name: string;
  version: number;
  label: string | null;
  text: string;
  variables: string[];
  config: PromptConfig;
  message: string;
  createdAt: string;
}

/**
 * Where a prompt came from: `server` (just fetched), `cache` (within its TTL), `stale` (past its TTL,
 * served while a refresh runs in the background) or `fallback` (the server could not answer).
 */
export type PromptSource = 'server' | 'cache' | 'stale' | 'fallback';
