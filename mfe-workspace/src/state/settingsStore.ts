import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { DEFAULT_PROVIDER, isProviderId, type ProviderId } from '@prompt-perfect/shared/catalog/providers';
import { DEFAULT_TECHNIQUE, isTechniqueId, type TechniqueId } from '@prompt-perfect/shared/catalog/techniques';
import { createValidatedStorage, isRecord } from '@prompt-perfect/shared/stores/storage';

export const SETTINGS_STORAGE_KEY = 'promptPerfectWorkspaceSettings';

export interface WorkspaceSettings {
  /**
   * The AI optimization switch. null = the user has not chosen: it is ON when the chosen
   * provider is configured on the server and OFF otherwise.
   */
  aiEnabled: boolean | null;
  /** Selected when the workspace opens. */
  defaultTechnique: TechniqueId;
  defaultProvider: ProviderId;
}

export const DEFAULT_SETTINGS: WorkspaceSettings = {
  aiEnabled: null,
  defaultTechnique: DEFAULT_TECHNIQUE,
  defaultProvider: DEFAULT_PROVIDER,
};

export function sanitizeSettings(raw: unknown): WorkspaceSettings | null {
  if (!isRecord(raw)) return null;
  return {
    aiEnabled: typeof raw.aiEnabled === 'boolean' ? raw.aiEnabled : null,
    defaultTechnique: isTechniqueId(raw.defaultTechnique) ? raw.defaultTechnique : DEFAULT_SETTINGS.defaultTechnique,
    defaultProvider: isProviderId(raw.defaultProvider) ? raw.defaultProvider : DEFAULT_SETTINGS.defaultProvider,
  };
}

interface SettingsActions {
  setAiEnabled: (on: boolean) => void;
  setDefaultTechnique: (t: TechniqueId) => void;
  setDefaultProvider: (p: ProviderId) => void;
}

export const useSettingsStore = create<WorkspaceSettings & SettingsActions>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      setAiEnabled: (aiEnabled) => set({ aiEnabled }),
      setDefaultTechnique: (defaultTechnique) => set({ defaultTechnique }),
      setDefaultProvider: (defaultProvider) => set({ defaultProvider }),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      storage: createValidatedStorage(sanitizeSettings),
      partialize: (s) => ({ aiEnabled: s.aiEnabled, defaultTechnique: s.defaultTechnique, defaultProvider: s.defaultProvider }),
      merge: (persisted, current) => {
        const valid = sanitizeSettings(persisted);
        return valid ? { ...current, ...valid } : current;
      },
    },
  ),
);

/** The effective switch: the user's choice, else on exactly when the provider is configured. */
export function effectiveAiEnabled(aiEnabled: boolean | null, providerConfigured: boolean | undefined): boolean {
  if (aiEnabled !== null) return aiEnabled;
  return providerConfigured !== false;
}
