import * as Switch from '@radix-ui/react-switch';
import { lazy, Suspense } from 'react';
import { PROVIDER_IDS, PROVIDERS, isProviderId } from '@prompt-perfect/core/catalog/providers';
import { TECHNIQUE_IDS, TECHNIQUES, isTechniqueId } from '@prompt-perfect/core/catalog/techniques';
import { updateSettings } from '@prompt-perfect/shared/account/accountActions';
import { DailyBudget } from '../account';
import { YourData } from '../account';
import { useProvidersStore } from '../../state/providersStore';
import { effectiveAiEnabled, useSettingsStore } from '@prompt-perfect/shared/stores/settingsStore';
import { useWorkspaceStore } from '../../state/workspaceStore';
import { LabelledSelect } from '../../ui/LabelledSelect';
import ui from '../../ui/ui.module.css';
import styles from './SidePanel.module.css';

// Loaded when Settings is first shown: most visits never open it.
const ApiTokens = lazy(() => import('../account/lazy').then((m) => ({ default: m.ApiTokens })));

export function SettingsTab() {
  const settings = useSettingsStore();
  const provider = useWorkspaceStore((s) => s.provider);
  const configured = useProvidersStore((s) => s.configured[provider]);
  const on = effectiveAiEnabled(settings.aiEnabled, configured);
  const label = PROVIDERS[provider].label;

  return (
    <div className={styles.settings}>
      <div className={styles.setting}>
        <div className={styles.switchRow}>
          <label htmlFor="ws-ai-switch" className={ui.label}>
            AI optimization
          </label>
          <Switch.Root
            id="ws-ai-switch"
            className={styles.switch}
            checked={on}
            onCheckedChange={(v) => updateSettings({ aiEnabled: v })}
            aria-describedby="ws-ai-switch-hint"
          >
            <Switch.Thumb className={styles.thumb} />
          </Switch.Root>
        </div>
        <p id="ws-ai-switch-hint" className={ui.hint}>
          {on
            ? `On: Perfect calls ${label} through the Prompt Perfect server.`
            : 'Off: Perfect builds the prompt locally with the offline optimizer. Nothing is sent to a model.'}
          {settings.aiEnabled === null &&
            (configured === false
              ? ` Off by default because ${label} is not configured on this server.`
              : ' Set automatically from the server configuration.')}
        </p>
      </div>
      <LabelledSelect
        className={styles.setting}
        id="ws-default-technique"
        label="Default technique"
        value={settings.defaultTechnique}
        onValueChange={(v) => isTechniqueId(v) && updateSettings({ defaultTechnique: v })}
        groups={[{ label: '', options: TECHNIQUE_IDS.map((id) => ({ value: id, label: TECHNIQUES[id].name })) }]}
      />
      <div className={styles.setting}>
        <LabelledSelect
          id="ws-default-provider"
          label="Default provider"
          value={settings.defaultProvider}
          onValueChange={(v) => isProviderId(v) && updateSettings({ defaultProvider: v })}
          groups={[{ label: '', options: PROVIDER_IDS.map((id) => ({ value: id, label: PROVIDERS[id].label })) }]}
        />
        <p className={ui.hint}>Defaults apply each time the workspace opens. Settings are saved in your account.</p>
      </div>
      <div className={styles.setting}>
        <DailyBudget />
      </div>
      <div className={styles.setting}>
        <YourData />
      </div>
      <div className={styles.setting}>
        <Suspense
          fallback={
            <p className={ui.hint} role="status">
              Loading API tokens…
            </p>
          }
        >
          <ApiTokens />
        </Suspense>
      </div>
    </div>
  );
}
