import * as RadioGroup from '@radix-ui/react-radio-group';
import { PROVIDER_IDS, PROVIDERS, isProviderId } from '@prompt-perfect/core/catalog/providers';
import { useProvidersStore } from '../../state/providersStore';
import { useWorkspaceStore } from '../../state/workspaceStore';
import { ModelPicker } from './ModelPicker';
import styles from './RunOptions.module.css';

/** Provider radios (with a "not configured" note from /api/providers) and the model picker. */
export function ProviderPicker() {
  const provider = useWorkspaceStore((s) => s.provider);
  const setProvider = useWorkspaceStore((s) => s.setProvider);
  const configured = useProvidersStore((s) => s.configured);
  const status = useProvidersStore((s) => s.status);

  return (
    <>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend} id="ws-provider-label">
          Provider
        </legend>
        <RadioGroup.Root
          className={styles.radioList}
          value={provider}
          onValueChange={(v) => isProviderId(v) && setProvider(v)}
          aria-labelledby="ws-provider-label"
        >
          {PROVIDER_IDS.map((id) => (
            <div className={styles.radioRow} key={id}>
              <RadioGroup.Item value={id} id={`ws-provider-${id}`} className={styles.radio}>
                <RadioGroup.Indicator className={styles.radioDot} />
              </RadioGroup.Item>
              <label htmlFor={`ws-provider-${id}`} className={styles.radioLabel}>
                {PROVIDERS[id].label}
              </label>
              {status === 'ready' && configured[id] === false && <span className={styles.badge}>not configured</span>}
            </div>
          ))}
        </RadioGroup.Root>
      </fieldset>
      <ModelPicker />
    </>
  );
}
