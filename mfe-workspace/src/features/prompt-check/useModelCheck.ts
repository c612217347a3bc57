/**
 * "Check with model": asks POST /api/lint with the Test model for the meaning rules. The result
 * belongs to the text it was asked for: once the prompt changes it is set aside (its offsets would
 * point at other words) and the button asks again. Offline there is no Test model: `unavailable`
 * says why.
 */
import { useCallback, useRef, useState } from 'react';
import type { LintResponse, ModelCheckReport } from '@prompt-perfect/core/api/types';
import type { LintFinding } from '@prompt-perfect/core/lint/index';
import { MODEL_CHECK_OFFLINE } from '@prompt-perfect/core/lint/model/messages';
import { apiRequest } from '@prompt-perfect/shared/api/client';
import { useTestModel } from '../../state/testModel';

type ModelCheckState =
  | { status: 'idle' }
  | { status: 'loading'; text: string }
  | { status: 'done'; text: string; findings: LintFinding[]; report: ModelCheckReport | undefined }
  | { status: 'failed'; text: string; error: string };

const IDLE: ModelCheckState = { status: 'idle' };

export interface ModelCheck {
  state: ModelCheckState;
  run(): void;
  /** Why the button is disabled: no provider on this server. */
  unavailable?: string;
}

export function useModelCheck(text: string, context: { original?: string } = {}): ModelCheck {
  const testModel = useTestModel();
  const [state, setState] = useState<ModelCheckState>(IDLE);
  const asked = useRef(0);
  const { original } = context;
  const run = useCallback(() => {
    if (!testModel || !text.trim()) return;
    const id = ++asked.current;
    setState({ status: 'loading', text });
    apiRequest<LintResponse>('/api/lint', { body: { prompt: text, original, model: testModel } }).then(
      (answer) => {
        if (id !== asked.current) return;
        // The rules run here too; only what the model found is taken from the answer (merged again locally).
        const findings = answer.findings
          .filter((f) => f.source === 'model' || f.source === 'both')
          .map((f): LintFinding => ({ ...f, source: 'model' }));
        setState({ status: 'done', text, findings, report: answer.modelCheck });
      },
      (error: unknown) => {
        if (id !== asked.current) return;
        setState({ status: 'failed', text, error: error instanceof Error ? error.message : String(error) });
      },
    );
  }, [testModel, text, original]);
  const current = state.status !== 'idle' && state.text === text ? state : IDLE;
  return { state: current, run, unavailable: testModel ? undefined : MODEL_CHECK_OFFLINE };
}

/** What PromptCheck merges in: the model's findings with the text they are for (the same object while it lasts). */
export const modelFindingsOf = ({ state }: ModelCheck) => (state.status === 'done' ? state : undefined);
