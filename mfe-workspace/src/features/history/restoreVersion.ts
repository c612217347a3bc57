import type { HistoryEntry } from '@prompt-perfect/core/api/account';
import { isProviderId } from '@prompt-perfect/core/catalog/providers';
import { chainTask, type Chain } from '@prompt-perfect/core/history/historyChains';
import { useWorkspaceStore } from '../../state/workspaceStore';

/**
 * Restore: the version's text back in the output, the chain's task and the version's options in
 * the editor; Continue Building then refines this version. Runs in flight are cancelled.
 */
export function restoreVersion(chain: Chain, version: HistoryEntry): void {
  const task = chainTask(chain);
  const { options } = version;
  const provider = isProviderId(version.provider) ? version.provider : useWorkspaceStore.getState().provider;
  useWorkspaceStore.getState().replaceAfterCancel({
    input: task,
    outputSource: task,
    output: { text: version.output, error: false },
    outputHistoryId: version.id,
    technique: options.technique,
    language: options.language,
    tone: options.tone,
    customTone: options.customTone ?? '',
    personaId: options.personaId ?? null,
    audienceId: options.audienceId ?? null,
    templateId: options.templateId ?? null,
    provider,
    ...(isProviderId(version.provider) ? { model: version.model } : {}),
    continueError: null,
  });
}
