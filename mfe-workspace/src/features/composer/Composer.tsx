import { useMemo, useRef } from 'react';
import { PROVIDERS } from '@prompt-perfect/core/catalog/providers';
import { MSG } from '@prompt-perfect/core/messages';
import { isRunShortcut, runShortcutLabel } from '@prompt-perfect/shared/ui/runShortcut';
import { perfect } from '../../state/actions';
import { modelsOf, useProvidersStore } from '../../state/providersStore';
import { effectiveAiEnabled, useSettingsStore } from '@prompt-perfect/shared/stores/settingsStore';
import { variablesOf, useWorkspaceStore } from '../../state/workspaceStore';
import { variableNames } from '@prompt-perfect/core/prompt/variables';
import { PromptCheck } from '@prompt-perfect/shared/ui/promptCheck/PromptCheck';
import { PromptUnderlines } from '@prompt-perfect/shared/ui/promptCheck/PromptUnderlines';
import { usePromptCheck } from '@prompt-perfect/shared/ui/promptCheck/usePromptCheck';
import { ModelCheckControl, modelFindingsOf, useModelCheck, VariablesForm } from '../prompt-check';
import { useSpaceAllows } from '../../state/space';
import ui from '../../ui/ui.module.css';
import { LanguageTone } from './LanguageTone';
import { TemplatePicker } from './TemplatePicker';
import styles from './Composer.module.css';

export function Composer() {
  const input = useWorkspaceStore((s) => s.input);
  const busy = useWorkspaceStore((s) => s.busy);
  const provider = useWorkspaceStore((s) => s.provider);
  const model = useWorkspaceStore((s) => s.model);
  const set = useWorkspaceStore((s) => s.set);
  const clear = useWorkspaceStore((s) => s.clear);
  const aiEnabled = useSettingsStore((s) => s.aiEnabled);
  const configured = useProvidersStore((s) => s.configured[provider]);
  const aiOn = effectiveAiEnabled(aiEnabled, configured);
  // A viewer's model runs would spend the organization's budget: the offline optimizer spends nothing.
  const spend = useSpaceAllows('spend');
  const refused = aiOn && !spend.allowed;
  const models = useProvidersStore((s) => s.models);
  const modelName = modelsOf(models, provider).find((m) => m.id === model)?.name ?? model;
  const area = useRef<HTMLTextAreaElement>(null);
  const values = useWorkspaceStore((s) => s.variables);
  const names = useMemo(() => variableNames(input), [input]);
  const modelCheck = useModelCheck(input);
  const result = usePromptCheck(
    input,
    names.length ? { variables: variablesOf({ input, variables: values }, names) } : {},
  );

  return (
    <section className={`${ui.card} ${styles.composer}`} aria-labelledby="ws-composer-title">
      <h2 id="ws-composer-title" className="visually-hidden">
        Compose
      </h2>
      <LanguageTone />
      <div className={styles.toolbar}>
        <TemplatePicker />
        <button type="button" className={ui.button} onClick={clear}>
          Clear
        </button>
      </div>
      <div>
        <label htmlFor="ws-prompt" className={ui.label}>
          Your prompt
        </label>
        <div className={styles.field}>
          <textarea
            ref={area}
            id="ws-prompt"
            className={`${ui.textarea} ${styles.prompt}`}
            rows={7}
            value={input}
            placeholder="Describe your task roughly, e.g. 'write a launch email for our new app'"
            onChange={(e) => set({ input: e.target.value })}
            onKeyDown={(e) => {
              if (isRunShortcut(e)) {
                e.preventDefault();
                void perfect();
              }
            }}
            aria-describedby="ws-prompt-hint"
          />
          <PromptUnderlines check={result} current={input} target={area} />
        </div>
      </div>
      <VariablesForm names={names} />
      <PromptCheck
        check={result}
        current={input}
        onFix={(next) => set({ input: next })}
        target={area}
        model={modelFindingsOf(modelCheck)}
        modelControl={<ModelCheckControl check={modelCheck} />}
      />
      <div className={styles.actions}>
        <p id="ws-prompt-hint" className={styles.mode}>
          {aiOn ? (
            <>
              <span className={styles.modeDot} data-mode="ai" aria-hidden="true" />
              {PROVIDERS[provider].label} · {modelName}
            </>
          ) : (
            <>
              <span className={styles.modeDot} data-mode="offline" aria-hidden="true" />
              Offline optimizer (AI optimization is off)
            </>
          )}
          <span className={styles.shortcut}> · {runShortcutLabel()} to run</span>
        </p>
        <button
          type="button"
          className={`${ui.primary} ${styles.perfect}`}
          onClick={() => void perfect()}
          disabled={busy || refused}
          title={refused ? (spend.reason ?? undefined) : undefined}
          aria-busy={busy}
        >
          {busy ? MSG.perfecting : 'Perfect'}
        </button>
      </div>
    </section>
  );
}
