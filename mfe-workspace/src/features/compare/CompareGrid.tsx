import * as Tabs from '@radix-ui/react-tabs';
import { type CSSProperties, useEffect, useState } from 'react';
import { modelDisplayName } from '@prompt-perfect/core/catalog/modelNames';
import { useProvidersStore } from '../../state/providersStore';
import { NO_TEST_MODEL_REASON, useTestModel } from '../../state/testModel';
import ui from '../../ui/ui.module.css';
import tabs from '../../ui/tabs.module.css';
import { addColumn, setCompareInput, setColumnPrompt } from './columns';
import { CompareColumn } from './CompareColumn';
import { isRunning, resetCompare, useCompareStore } from './compareStore';
import { nextModel, setUpColumns } from './defaultColumns';
import { usePromptVersions } from './promptVersions';
import { cancelCompare, runAll } from './runCompare';
import { MAX_COLUMNS } from './types';
import { useNarrow } from './useNarrow';
import styles from './Compare.module.css';

/** The grid: the input, Run all and Add model, and the columns side by side (tabs on a phone). */
export default function CompareGrid() {
  const input = useCompareStore((s) => s.input);
  const columns = useCompareStore((s) => s.columns);
  const versions = usePromptVersions();
  const testModel = useTestModel();
  const configured = useProvidersStore((s) => s.configured);
  const models = useProvidersStore((s) => s.models);
  const narrow = useNarrow();
  const [tab, setTab] = useState<string>('');

  // Leaving the workspace (sign-out) cancels the runs and forgets the grid: the next user starts empty.
  useEffect(
    () => () => {
      cancelCompare();
      resetCompare();
    },
    [],
  );
  useEffect(() => {
    if (testModel && versions.length > 0) setUpColumns(versions, testModel);
  }, [versions, testModel]);

  const anyRunning = columns.some(isRunning);
  const allRunning = columns.length > 0 && columns.every(isRunning);
  const runEverything = () => {
    // "Original prompt" and "Optimized prompt" run as the workspace holds them now.
    for (const column of useCompareStore.getState().columns) {
      const now = versions.find((v) => v.label === column.prompt.label);
      if (now && now.text !== column.prompt.text) setColumnPrompt(column.id, now);
    }
    void runAll();
  };
  const add = () => {
    if (!testModel) return;
    const { provider, model } = nextModel(columns, { configured, models }, testModel);
    const prompt = columns.at(-1)?.prompt ?? versions.at(-1);
    if (prompt) addColumn(provider, model, prompt);
  };

  if (!testModel) return <p className={ui.hint}>{NO_TEST_MODEL_REASON}</p>;
  if (columns.length === 0)
    return <p className={styles.placeholder}>Write a prompt and press Perfect: it can then be compared here.</p>;

  const list = columns.map((column, i) => (
    <CompareColumn key={column.id} column={column} n={i + 1} versions={versions} removable={columns.length > 1} />
  ));
  const shownTab = columns.some((c) => c.id === tab) ? tab : columns[0].id;
  return (
    <>
      <div>
        <label htmlFor="ws-compare-input" className={ui.label}>
          Input for every column
        </label>
        <textarea
          id="ws-compare-input"
          className={ui.textarea}
          rows={2}
          value={input}
          placeholder="A sample question or text (optional: without one, each prompt is sent alone)"
          onChange={(e) => setCompareInput(e.target.value)}
        />
      </div>
      <div className={styles.toolbar}>
        <button
          type="button"
          className={ui.primary}
          onClick={runEverything}
          disabled={allRunning}
          aria-busy={anyRunning}
        >
          Run all
        </button>
        <button type="button" className={ui.button} onClick={add} disabled={columns.length >= MAX_COLUMNS}>
          Add model
        </button>
        <span className={ui.hint}>
          {columns.length} of {MAX_COLUMNS} columns
        </span>
      </div>
      {narrow ? (
        <Tabs.Root className={tabs.tabs} value={shownTab} onValueChange={setTab}>
          <Tabs.List className={tabs.tabList} aria-label="Columns">
            {columns.map((column, i) => (
              <Tabs.Trigger key={column.id} value={column.id} className={tabs.tab}>
                {i + 1}. {modelDisplayName(column.model)}
                {isRunning(column) && <span className="visually-hidden"> (running)</span>}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {columns.map((column, i) => (
            // Hidden tabs stay mounted: a column streams on while another is shown.
            <Tabs.Content key={column.id} value={column.id} forceMount hidden={column.id !== shownTab}>
              {list[i]}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : (
        <div className={styles.columns} style={{ '--columns': columns.length } as CSSProperties}>
          {list}
        </div>
      )}
    </>
  );
}
