import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useState } from 'react';
import tabs from '../../ui/tabs.module.css';
import { EvaluatePanel } from './EvaluatePanel';
import { OptimizePanel } from './OptimizePanel';
import { forgetProveOnSpaceChange, forgetProveOnUserChange } from './proveSession';
import { useProveStore } from './proveStore';
import { loadSavedSets } from './testSetActions';
import { TestSetEditor } from './TestSetEditor';

type Step = 'cases' | 'evaluate' | 'optimize';

// Once, when the panel's code first loads; it lasts as long as the page.
forgetProveOnUserChange();
forgetProveOnSpaceChange();

/** The open panel: the three steps as tabs; their state lives in the prove store across openings. */
export default function ProveBody({ onUsed }: { onUsed: () => void }) {
  const [step, setStep] = useState<Step>('cases');
  useEffect(() => {
    if (useProveStore.getState().saved === null) void loadSavedSets();
  }, []);
  return (
    <Tabs.Root value={step} onValueChange={(v) => setStep(v as Step)} className={tabs.tabs}>
      <Tabs.List className={tabs.tabList} aria-label="Prove steps">
        <Tabs.Trigger value="cases" className={tabs.tab}>
          Test set
        </Tabs.Trigger>
        <Tabs.Trigger value="evaluate" className={tabs.tab}>
          Evaluate
        </Tabs.Trigger>
        <Tabs.Trigger value="optimize" className={tabs.tab}>
          Optimize
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="cases" className={tabs.tabPanel}>
        <TestSetEditor />
      </Tabs.Content>
      <Tabs.Content value="evaluate" className={tabs.tabPanel}>
        <EvaluatePanel />
      </Tabs.Content>
      <Tabs.Content value="optimize" className={tabs.tabPanel}>
        <OptimizePanel onUsed={onUsed} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
