import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { TRIAL_IDS } from '../../elementIds';
import { rememberVisitorTask } from '@prompt-perfect/shared/visitor/visitorWork';
import { MSG } from '@prompt-perfect/core/messages';
import { validateVisitorPrompt } from '@prompt-perfect/core/trial';
import { isRunShortcut, runShortcutLabel } from '@prompt-perfect/shared/ui/runShortcut';
import buttons from '../../components/buttons.module.css';
import { PromptCheck } from '@prompt-perfect/shared/ui/promptCheck/PromptCheck';
import { PromptUnderlines } from '@prompt-perfect/shared/ui/promptCheck/PromptUnderlines';
import { usePromptCheck } from '@prompt-perfect/shared/ui/promptCheck/usePromptCheck';
import {
  VISITOR_FORM_ACTION,
  VISITOR_FORM_PROMPT_FIELD,
  VISITOR_FORM_TOKEN_FIELD,
} from '@prompt-perfect/core/contracts/visitorForm';
import { useFormToken } from './useFormToken';
import { useHydrated } from './useHydrated';
import styles from './PromptForm.module.css';

interface Props {
  busy: boolean;
  /** No trials left: the button stays disabled whatever is typed. */
  exhausted: boolean;
  onRun: (prompt: string) => void;
}

/** The prompt box and the Perfect button. Ctrl/Cmd+Enter runs Perfect from the box. */
export function PromptForm({ busy, exhausted, onRun }: Props) {
  const [prompt, setPrompt] = useState('');
  const [validation, setValidation] = useState<string | null>(null);
  const inputId = TRIAL_IDS.promptInput;
  const hintId = TRIAL_IDS.promptHint;
  const errorId = TRIAL_IDS.promptError;
  const area = useRef<HTMLTextAreaElement>(null);
  const check = usePromptCheck(prompt);
  const hydrated = useHydrated();
  const formToken = useFormToken();
  // Signing in carries the task into the workspace.
  useEffect(() => rememberVisitorTask(prompt), [prompt]);

  // What the visitor typed into the prerendered box before the scripts arrived becomes the state.
  useEffect(() => {
    const typed = area.current?.value;
    if (typed) setPrompt((current) => current || typed);
  }, []);

  // Before hydration the served form posts to the server itself, which checks the prompt.
  const disabled = hydrated && (busy || exhausted || prompt.length === 0);

  const submit = () => {
    if (busy || exhausted) return;
    const problem = validateVisitorPrompt(prompt);
    setValidation(problem);
    if (problem) return;
    onRun(prompt);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isRunShortcut(event)) {
      event.preventDefault();
      submit();
    }
  };

  const shortcut = runShortcutLabel();

  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label="Perfect a prompt"
      method="post"
      action={VISITOR_FORM_ACTION}
    >
      <input type="hidden" name={VISITOR_FORM_TOKEN_FIELD} value={formToken} readOnly />
      <label htmlFor={inputId} className={styles.label}>
        Your prompt
      </label>
      <div className={styles.field}>
        <textarea
          ref={area}
          id={inputId}
          name={VISITOR_FORM_PROMPT_FIELD}
          className={styles.textarea}
          value={prompt}
          onChange={(event) => {
            setPrompt(event.target.value);
            if (validation) setValidation(null);
          }}
          onKeyDown={onKeyDown}
          rows={6}
          placeholder="e.g. write an email asking my team to finish the report by Friday"
          aria-describedby={validation ? `${errorId} ${hintId}` : hintId}
          aria-invalid={validation ? true : undefined}
          aria-keyshortcuts="Control+Enter Meta+Enter"
          spellCheck
        />
        <PromptUnderlines check={check} current={prompt} target={area} />
      </div>
      {validation && (
        <p id={errorId} role="alert" className={styles.validation}>
          {validation}
        </p>
      )}
      <PromptCheck check={check} current={prompt} onFix={setPrompt} target={area} headingLevel={2} />
      <div className={styles.actions}>
        <p id={hintId} className={styles.hint}>
          Describe your task in your own words. Press <kbd className={styles.kbd}>{shortcut}</kbd> to run.
        </p>
        <button
          type="submit"
          className={`${buttons.primary} ${styles.perfect}`}
          disabled={disabled}
          aria-busy={busy || undefined}
        >
          {busy ? MSG.perfecting : 'Perfect'}
        </button>
      </div>
    </form>
  );
}
