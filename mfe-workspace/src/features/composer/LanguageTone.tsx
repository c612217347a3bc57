import { useState } from 'react';
import { LANGUAGES } from '@prompt-perfect/core/catalog/languages';
import { TONES } from '@prompt-perfect/core/catalog/tones';
import { useWorkspaceStore } from '../../state/workspaceStore';
import ui from '../../ui/ui.module.css';
import styles from './Composer.module.css';

/**
 * Language and tone toggle buttons in a disclosure, closed at first, whose summary says the current
 * choices: the prompt box is then in the first screen at any width. The custom tone input appears
 * only for Custom.
 */
export function LanguageTone() {
  const language = useWorkspaceStore((s) => s.language);
  const tone = useWorkspaceStore((s) => s.tone);
  const customTone = useWorkspaceStore((s) => s.customTone);
  const set = useWorkspaceStore((s) => s.set);
  const [open, setOpen] = useState(false);
  const languageLabel = LANGUAGES.find((l) => l.id === language)?.label ?? language;
  return (
    <details className={styles.disclosure} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className={styles.summary}>
        <span className={styles.summaryTitle}>Language and tone</span>
        <span className={styles.summaryValue} data-testid="ws-options-summary">
          {languageLabel} · {tone === 'Custom' && customTone.trim() ? customTone.trim() : tone}
        </span>
      </summary>
      <div className={styles.options}>
        <fieldset className={styles.optionRow}>
          <legend className={ui.label} id="ws-language-label">
            Language
          </legend>
          <div className={ui.toggleGroup}>
            {LANGUAGES.map((l) => (
              <button
                key={l.id}
                type="button"
                className={ui.toggle}
                aria-pressed={language === l.id}
                onClick={() => set({ language: l.id })}
              >
                {l.label}
              </button>
            ))}
          </div>
        </fieldset>
        <fieldset className={styles.optionRow}>
          <legend className={ui.label} id="ws-tone-label">
            Tone
          </legend>
          <div className={ui.toggleGroup}>
            {TONES.map((t) => (
              <button
                key={t}
                type="button"
                className={ui.toggle}
                aria-pressed={tone === t}
                onClick={() => set({ tone: t })}
              >
                {t}
              </button>
            ))}
          </div>
          {tone === 'Custom' && (
            <div className={styles.customTone}>
              <label className={ui.label} htmlFor="ws-custom-tone">
                Custom tone
              </label>
              <input
                id="ws-custom-tone"
                className={ui.input}
                value={customTone}
                placeholder="e.g. calm and reassuring, like a patient mentor"
                onChange={(e) => set({ customTone: e.target.value })}
              />
            </div>
          )}
        </fieldset>
      </div>
    </details>
  );
}
