import * as RadioGroup from '@radix-ui/react-radio-group';
import { TECHNIQUE_IDS, TECHNIQUES, isTechniqueId } from '@prompt-perfect/core/catalog/techniques';
import { useWorkspaceStore } from '../../state/workspaceStore';
import ui from '../../ui/ui.module.css';
import styles from './RunOptions.module.css';

/**
 * Technique radios. Each one's description is a tooltip shown on hover and while the radio has
 * keyboard focus (CSS :hover / :focus-within), and it is the radio's accessible description, so
 * screen-reader users hear it too. The selected technique's description also shows below.
 */
export function TechniquePicker() {
  const technique = useWorkspaceStore((s) => s.technique);
  const set = useWorkspaceStore((s) => s.set);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend} id="ws-technique-label">
        Technique
      </legend>
      <RadioGroup.Root
        className={styles.radioList}
        value={technique}
        onValueChange={(v) => isTechniqueId(v) && set({ technique: v })}
        aria-labelledby="ws-technique-label"
      >
        {TECHNIQUE_IDS.map((id) => {
          const t = TECHNIQUES[id];
          return (
            <div className={`${styles.radioRow} ${styles.hasTip}`} key={id}>
              <RadioGroup.Item
                value={id}
                id={`ws-technique-${id}`}
                className={styles.radio}
                aria-describedby={`ws-technique-${id}-tip`}
              >
                <RadioGroup.Indicator className={styles.radioDot} />
              </RadioGroup.Item>
              <label htmlFor={`ws-technique-${id}`} className={styles.radioLabel}>
                {t.name}
              </label>
              <span id={`ws-technique-${id}-tip`} role="tooltip" className={`${ui.tooltip} ${styles.tip}`}>
                {t.description}
              </span>
            </div>
          );
        })}
      </RadioGroup.Root>
      <p className={ui.hint}>{TECHNIQUES[technique]?.description}</p>
    </fieldset>
  );
}
