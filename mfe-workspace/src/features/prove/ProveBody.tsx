import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useState } from 'react';
import sheet from '../../ui/sheet.module.css';
import { EvaluatePanel } from './EvaluatePanel';
import { OptimizePanel } from './OptimizePanel';
import { forgetProveOnUserChange } from './proveSession';
import { useProveStore } from './proveStore';
import { loadSavedSets } from './testSetActions';
import { TestSetEditor } from './TestSetEditor';

type Step = 'cases' | 'evaluate' | 'optimize';

// Once, when the panel's code first loads; it lasts as long as the page.
forgetProveOnUserChange();

/** The open panel: the three steps as tabs; their state lives in the prove store across openings. */
export default function ProveBody({ onUsed }: { onUsed: () => void }) {
  const [step, setStep] = useState<Step>('cases');
  useEffect(() => {
    if (useProveStore.getState().saved === null) void loadSavedSets();
  }, []);
  return (
    <Tabs.Root value={step} onValueChange={(v) => setStep(v as Step)} className={sheet.tabs}>
      <Tabs.List className={sheet.tabList} aria-label="Prove steps">
        <Tabs.Trigger value="cases" className={sheet.tab}>
          Test set
        </Tabs.Trigger>
        <Tabs.Trigger value="evaluate" className={sheet.tab}>
          Evaluate
        </Tabs.Trigger>
        <Tabs.Trigger value="optimize" className={sheet.tab}>
          Optimize
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="cases" className={sheet.tabPanel}>
        <TestSetEditor />
      </Tabs.Content>
      <Tabs.Content value="evaluate" className={sheet.tabPanel}>
        <EvaluatePanel />
      </Tabs.Content>
      <Tabs.Content value="optimize" className={sheet.tabPanel}>
        <OptimizePanel onUsed={onUsed} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
