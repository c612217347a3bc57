/**
 * Runs the prompt check a moment after typing stops, never while a key is handled: the box stays
 * responsive whatever the prompt's size. `text` of the result is the text the findings refer to.
 */
import { startTransition, useEffect, useState } from 'react';
import type { LintContext, LintFinding } from '@prompt-perfect/core/lint/index';

export interface PromptCheckResult {
  text: string;
  findings: LintFinding[];
}

const PROMPT_CHECK_DELAY_MS = 300;

const EMPTY: PromptCheckResult = { text: '', findings: [] };

type Linter = typeof import('@prompt-perfect/core/lint/index');
let linter: Promise<Linter> | undefined;
/** The rules load with the first check, not with the page: a visitor who never types never fetches them. */
function loadLinter(): Promise<Linter> {
  linter ??= import('@prompt-perfect/core/lint/index').catch((error: unknown) => {
    // A failed load (network) is tried again at the next check; until then nothing is reported.
    linter = undefined;
    throw error;
  });
  return linter;
}

export function usePromptCheck(
  text: string,
  context: LintContext = {},
  delayMs = PROMPT_CHECK_DELAY_MS,
): PromptCheckResult {
  const [result, setResult] = useState<PromptCheckResult>(EMPTY);
  const { original, variables, outputLanguage, sending } = context;
  // Values by name as one string, so a new but equal object does not restart the timer.
  const variablesKey = variables ? JSON.stringify(Object.entries(variables).sort()) : '';
  useEffect(() => {
    if (!text.trim()) {
      setResult(EMPTY);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      loadLinter().then(
        ({ lintPrompt }) => {
          if (!current) return;
          const values = variablesKey
            ? (Object.fromEntries(JSON.parse(variablesKey)) as Record<string, string>)
            : undefined;
          const findings = lintPrompt(text, { original, variables: values, outputLanguage, sending });
          // Showing the findings may take longer than a frame on a long prompt: a key press interrupts it.
          startTransition(() => setResult({ text, findings }));
        },
        () => undefined,
      );
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, original, variablesKey, outputLanguage, sending, delayMs]);
  return result;
}
