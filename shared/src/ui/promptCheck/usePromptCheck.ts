/**
 * Runs the prompt check a moment after typing stops, never while a key is handled: the box stays
 * responsive whatever the prompt's size. `text` of the result is the text the findings refer to.
 */
import { startTransition, useEffect, useState } from 'react';
import { lintPrompt, type LintContext, type LintFinding } from '@prompt-perfect/core/rules/lint/index';

export interface PromptCheckResult {
  text: string;
  findings: LintFinding[];
}

const PROMPT_CHECK_DELAY_MS = 300;

const EMPTY: PromptCheckResult = { text: '', findings: [] };

export function usePromptCheck(text: string, context: LintContext = {}, delayMs = PROMPT_CHECK_DELAY_MS): PromptCheckResult {
  const [result, setResult] = useState<PromptCheckResult>(EMPTY);
  const { original, variables, outputLanguage } = context;
  // Values by name as one string, so a new but equal object does not restart the timer.
  const variablesKey = variables ? JSON.stringify(Object.entries(variables).sort()) : '';
  useEffect(() => {
    if (!text.trim()) {
      setResult(EMPTY);
      return;
    }
    const timer = setTimeout(() => {
      const values = variablesKey ? (Object.fromEntries(JSON.parse(variablesKey)) as Record<string, string>) : undefined;
      const findings = lintPrompt(text, { original, variables: values, outputLanguage });
      // Showing the findings may take longer than a frame on a long prompt: a key press interrupts it.
      startTransition(() => setResult({ text, findings }));
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, original, variablesKey, outputLanguage, delayMs]);
  return result;
}
