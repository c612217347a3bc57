import { create } from 'zustand';
import type { AccountSettings } from '@prompt-perfect/core/api/account';
import { DEFAULT_PROVIDER } from '@prompt-perfect/core/catalog/providers';
import { DEFAULT_TECHNIQUE } from '@prompt-perfect/core/catalog/techniques';

export type { AccountSettings };

export const DEFAULT_SETTINGS: AccountSettings = {
  aiEnabled: null,
  defaultTechnique: DEFAULT_TECHNIQUE,
  defaultProvider: DEFAULT_PROVIDER,
  timeZone: null,
};

export const pickSettings = (s: AccountSettings): AccountSettings => ({
  aiEnabled: s.aiEnabled,
  defaultTechnique: s.defaultTechnique,
  defaultProvider: s.defaultProvider,
  timeZone: s.timeZone,
});

/**
 * The signed-in user's settings as the page shows them. Changes go through
 * account/accountActions (which queue them for the server); this store only holds them.
 */
export const useSettingsStore = create<AccountSettings & { replaceSettings: (s: AccountSettings) => void }>()(
  (set) => ({
    ...DEFAULT_SETTINGS,
    replaceSettings: (settings) => set(pickSettings(settings)),
  }),
);

/** The effective switch: the user's choice, else on exactly when the provider is configured. */
export function effectiveAiEnabled(aiEnabled: boolean | null, providerConfigured: boolean | undefined): boolean {
  if (aiEnabled !== null) return aiEnabled;
  return providerConfigured !== false;
}
