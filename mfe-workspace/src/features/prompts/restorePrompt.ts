import type { PromptVersion } from '@prompt-perfect/core/api/registry';
import { isProviderId } from '@prompt-perfect/core/catalog/providers';
import { isTechniqueId } from '@prompt-perfect/core/catalog/techniques';
import { useWorkspaceStore } from '../../state/workspaceStore';

/** Restore: the version's text into the prompt box, with its technique and model when this workspace knows them. */
export function restorePrompt(version: PromptVersion): void {
  useWorkspaceStore.getState().replaceAfterCancel({
    input: version.text,
    outputSource: '',
    output: null,
    ...(isTechniqueId(version.technique) ? { technique: version.technique } : {}),
    ...(isProviderId(version.provider) && version.model ? { provider: version.provider, model: version.model } : {}),
  });
}
