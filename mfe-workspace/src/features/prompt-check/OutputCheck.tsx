/** The prompt check of the optimized prompt: e.g. a {{variable}} of your prompt that the optimizer lost. */
import { PromptCheck } from '@prompt-perfect/shared/ui/promptCheck/PromptCheck';
import { usePromptCheck } from '@prompt-perfect/shared/ui/promptCheck/usePromptCheck';
import { useWorkspaceStore } from '../../state/workspaceStore';

export function OutputCheck({ text }: { text: string }) {
  const original = useWorkspaceStore((s) => s.outputSource);
  const check = usePromptCheck(text, { original });
  const fix = (next: string) => {
    const { output, set } = useWorkspaceStore.getState();
    if (output && !output.error) set({ output: { ...output, text: next } });
  };
  return <PromptCheck check={check} current={text} onFix={fix} title="Prompt check" subject="the optimized prompt" />;
}
