import { create } from 'zustand';
import type { AccountSettings } from '../api/account';
import { DEFAULT_PROVIDER, isProviderId } from '../catalog/providers';
import { DEFAULT_TECHNIQUE, isTechniqueId } from '../catalog/techniques';
import { isTimeZone } from '../rules/streak';
import { isRecord } from './storage';

export type { AccountSettings };

export const DEFAULT_SETTINGS: AccountSettings = {
  aiEnabled: null,
  defaultTechnique: DEFAULT_TECHNIQUE,
  defaultProvider: DEFAULT_PROVIDER,
  timeZone: null,
};

/** Valid settings from a cache or an answer; unknown or missing fields take the defaults. */
export function sanitizeSettings(raw: unknown): AccountSettings | null {
  if (!isRecord(raw)) return null;
  return {
    aiEnabled: typeof raw.aiEnabled === 'boolean' ? raw.aiEnabled : null,
    defaultTechnique: isTechniqueId(raw.defaultTechnique) ? raw.defaultTechnique : DEFAULT_SETTINGS.defaultTechnique,
    defaultProvider: isProviderId(raw.defaultProvider) ? raw.defaultProvider : DEFAULT_SETTINGS.defaultProvider,
    timeZone: typeof raw.timeZone === 'string' && isTimeZone(raw.timeZone) ? raw.timeZone : null,
  };
}

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
export const useSettingsStore = create<AccountSettings & { replaceSettings: (s: AccountSettings) => void }>()((set) => ({
  ...DEFAULT_SETTINGS,
  replaceSettings: (settings) => set(pickSettings(settings)),
}));

/** The effective switch: the user's choice, else on exactly when the provider is configured. */
export function effectiveAiEnabled(aiEnabled: boolean | null, providerConfigured: boolean | undefined): boolean {
  if (aiEnabled !== null) return aiEnabled;
  return providerConfigured !== false;
}
