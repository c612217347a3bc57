/**
 * The linter as the server runs it: its memos of recent prompts are emptied after every call, so no
 * user's prompt stays in the process for the next request (the browser keeps its own, for typing).
 */
import { lintPrompt, type LintContext, type LintFinding } from '@prompt-perfect/core/lint/index';
import { forgetPrompts } from '@prompt-perfect/core/lint/promptMemory';

export function lintOnServer(text: string, context: LintContext): LintFinding[] {
  try {
    return lintPrompt(text, context);
  } finally {
    forgetPrompts();
  }
}
