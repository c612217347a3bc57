/** The prompt check of the perfected prompt, against the prompt that was run (e.g. a lost {{variable}}). */
import { PromptCheck } from '@prompt-perfect/shared/ui/promptCheck/PromptCheck';
import { usePromptCheck } from '@prompt-perfect/shared/ui/promptCheck/usePromptCheck';

export function ResultCheck({
  text,
  original,
  onFix,
}: {
  text: string;
  original: string;
  onFix: (next: string) => void;
}) {
  const check = usePromptCheck(text, { original });
  return <PromptCheck check={check} current={text} onFix={onFix} subject="the perfected prompt" />;
}
