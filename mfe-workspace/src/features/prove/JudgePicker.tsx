import { isProviderId, PROVIDER_IDS, PROVIDERS } from '@prompt-perfect/core/catalog/providers';
import { modelsOf, useProvidersStore } from '../../state/providersStore';
import { useWorkspaceStore } from '../../state/workspaceStore';
import { LabelledSelect } from '../../ui/LabelledSelect';
import ui from '../../ui/ui.module.css';
import styles from './Prove.module.css';
import { defaultJudge } from './evaluateActions';
import { useProveStore } from './proveStore';
import { modelDisplayName } from '@prompt-perfect/core/catalog/modelNames';
import { useTestModel } from '../../state/testModel';

/** The judge's provider and model, chosen apart from the run model (which the sidebar sets). */
export function JudgePicker() {
  const sidebarProvider = useWorkspaceStore((s) => s.provider);
  const sidebarModel = useWorkspaceStore((s) => s.model);
  const tested = useTestModel();
  const runProvider = tested?.provider ?? sidebarProvider;
  const runModel = tested?.model ?? sidebarModel;
  const models = useProvidersStore((s) => s.models);
  const judge = useProveStore((s) => s.judge) ?? defaultJudge({ provider: runProvider, model: runModel }, models);
  const configured = useProvidersStore((s) => s.configured);
  const setJudge = (provider: typeof judge.provider, model: string) =>
    useProveStore.setState({ judge: { provider, model } });
  return (
    <fieldset className={styles.fieldGrid}>
      <legend className="visually-hidden">Judge</legend>
      <LabelledSelect
        id="ws-prove-judge-provider"
        label="Judge provider"
        value={judge.provider}
        onValueChange={(v) => isProviderId(v) && setJudge(v, modelsOf(models, v)[0].id)}
        groups={[
          {
            label: '',
            options: PROVIDER_IDS.map((id) => ({
              value: id,
              label: PROVIDERS[id].label,
              description: configured[id] === false ? 'not configured' : undefined,
            })),
          },
        ]}
      />
      <LabelledSelect
        id="ws-prove-judge-model"
        label="Judge model"
        value={judge.model}
        onValueChange={(v) => setJudge(judge.provider, v)}
        groups={[{ label: '', options: modelsOf(models, judge.provider).map((m) => ({ value: m.id, label: m.name })) }]}
      />
      <p className={`${ui.hint} ${styles.fullRow}`}>
        The prompt runs on {PROVIDERS[runProvider].label} {modelDisplayName(runModel)} (the Test model of Test Prompt);
        the judge is another model by default, as a model judging its own answers is lenient with them.
      </p>
    </fieldset>
  );
}
