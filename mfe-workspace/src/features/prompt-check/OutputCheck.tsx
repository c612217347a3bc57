/**
 * The prompt check of the optimized prompt: e.g. a {{variable}} of your prompt that the optimizer lost.
 * This is the text Test Prompt sends: a {{variable}} still without a test value is an error here.
 */
import { useMemo } from 'react';
import { variableNames } from '@prompt-perfect/core/prompt/variables';
import { PromptCheck } from '@prompt-perfect/shared/ui/promptCheck/PromptCheck';
import { usePromptCheck } from '@prompt-perfect/shared/ui/promptCheck/usePromptCheck';
import { variablesOf, useWorkspaceStore } from '../../state/workspaceStore';
import { ModelCheckControl } from './ModelCheckControl';
import { modelFindingsOf, useModelCheck } from './useModelCheck';

export function OutputCheck({ text }: { text: string }) {
  const original = useWorkspaceStore((s) => s.outputSource);
  const values = useWorkspaceStore((s) => s.variables);
  const names = useMemo(() => variableNames(text), [text]);
  const check = usePromptCheck(
    text,
    names.length
      ? { original, variables: variablesOf({ input: text, variables: values }, names), sending: true }
      : { original },
  );
  const modelCheck = useModelCheck(text, { original });
  const fix = (next: string) => {
    const { output, set } = useWorkspaceStore.getState();
    if (output && !output.error) set({ output: { ...output, text: next } });
  };
  return (
    <PromptCheck
      check={check}
      current={text}
      onFix={fix}
      title="Prompt check"
      subject="the optimized prompt"
      model={modelFindingsOf(modelCheck)}
      modelControl={<ModelCheckControl check={modelCheck} />}
    />
  );
}
