/** A running server when a token is configured, else the offline tools in process. */
import type { PromptPerfectBackend } from '@prompt-perfect/core/mcp/backend';
import { connection } from '../settings';
import { createOfflineBackend } from './offlineBackend';
import { createRestBackend } from './restBackend';

export async function chooseBackend(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ backend: PromptPerfectBackend; server?: string }> {
  const server = await connection(env);
  return server ? { backend: createRestBackend(server), server: server.url } : { backend: createOfflineBackend() };
}
