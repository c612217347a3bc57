import { memo } from 'react';
import { modelDisplayName } from '@prompt-perfect/core/catalog/modelNames';
import { ResultView } from '@prompt-perfect/shared/ui/result/ResultView';
import { modelGroups, modelOptionValue, parseModelOption } from '../../state/modelChoices';
import { useProvidersStore } from '../../state/providersStore';
import { LabelledSelect } from '../../ui/LabelledSelect';
import { CloseIcon } from '../../ui/icons';
import ui from '../../ui/ui.module.css';
import { AnswerFiguresLine } from './AnswerFigures';
import { removeColumn, setColumnModel, setColumnPrompt } from './columns';
import { isRunning } from './compareStore';
import { judgeAnswer, useOpenRubric } from './judgeAnswer';
import { runColumn, stopColumn } from './runCompare';
import type { Answer, Column, PromptVersion } from './types';
import styles from './Compare.module.css';

interface Props {
  column: Column;
  /** 1-based, as the user reads it. */
  n: number;
  versions: PromptVersion[];
  removable: boolean;
}

/**
 * One column: its prompt and model pickers, Run or Stop, the answer as it streams, and its figures.
 * Memoized: a piece arriving in one column re-renders that column only.
 */
export const CompareColumn = memo(function CompareColumn({ column, n, versions, removable }: Props) {
  const configured = useProvidersStore((s) => s.configured);
  const models = useProvidersStore((s) => s.models);
  const running = isRunning(column);
  // A prompt from an older comparison stays pickable as it was.
  const prompts = versions.some((v) => v.label === column.prompt.label) ? versions : [column.prompt, ...versions];
  return (
    <section className={styles.column} aria-labelledby={`${column.id}-title`} data-testid="compare-column">
      <div className={styles.columnHead}>
        <h3 className={styles.columnTitle} id={`${column.id}-title`}>
          Column {n}
        </h3>
        {removable && (
          <button
            type="button"
            className={ui.iconButton}
            aria-label={`Remove column ${n}`}
            onClick={() => removeColumn(column.id)}
            disabled={running}
          >
            <CloseIcon />
          </button>
        )}
      </div>
      <LabelledSelect
        id={`ws-compare-model-${column.id}`}
        label={`Column ${n} model`}
        value={modelOptionValue(column)}
        onValueChange={(value) => {
          const choice = parseModelOption(value);
          if (choice) setColumnModel(column.id, choice.provider, choice.model);
        }}
        groups={modelGroups({ configured, models }, column)}
        disabled={running}
      />
      <LabelledSelect
        id={`ws-compare-prompt-${column.id}`}
        label={`Column ${n} prompt`}
        value={column.prompt.label}
        onValueChange={(label) => {
          const prompt = prompts.find((p) => p.label === label);
          if (prompt) setColumnPrompt(column.id, prompt);
        }}
        groups={[{ label: '', options: prompts.map((p) => ({ value: p.label, label: p.label })) }]}
        disabled={running}
      />
      <div className={styles.columnActions}>
        {running ? (
          <button type="button" className={ui.button} onClick={() => stopColumn(column.id)}>
            Stop column {n}
          </button>
        ) : (
          <button type="button" className={ui.button} onClick={() => void runColumn(column.id)}>
            Run column {n}
          </button>
        )}
      </div>
      <ColumnAnswer column={column} n={n} />
    </section>
  );
});

function ColumnAnswer({ column, n }: { column: Column; n: number }) {
  const { answer } = column;
  const label = `Column ${n} answer`;
  return (
    <section
      className={styles.answer}
      aria-label={label}
      aria-busy={answer?.status === 'waiting' || answer?.status === 'streaming'}
      data-testid="compare-answer"
    >
      {!answer ? (
        <p className={styles.placeholder}>Not run yet.</p>
      ) : (
        <>
          {answer.status === 'waiting' && <p className={styles.placeholder}>Waiting for the first text…</p>}
          {answer.text && (
            <ResultView
              text={answer.text}
              model={column.model}
              streaming={answer.status === 'streaming'}
              label={label}
              testId="compare-answer-text"
            />
          )}
          {answer.status === 'stopped' && <p className={styles.note}>Stopped before the answer ended.</p>}
          {answer.error && (
            <p className={ui.error} data-testid="compare-error">
              {answer.error}
            </p>
          )}
          {answer.status !== 'waiting' && answer.status !== 'streaming' && (
            <AnswerFiguresLine answer={answer} model={column.model} />
          )}
          <Judging column={column} answer={answer} n={n} />
        </>
      )}
    </section>
  );
}

function Judging({ column, answer, n }: { column: Column; answer: Answer; n: number }) {
  const rubric = useOpenRubric();
  const { verdict } = answer;
  const judgeable = rubric && answer.text.trim() && (answer.status === 'done' || answer.status === 'stopped');
  return (
    <>
      {verdict?.status === 'done' && (
        <p className={styles.verdict} data-testid="compare-verdict">
          <strong>Score {verdict.score}/5</strong> by {modelDisplayName(verdict.judgeModel)}: {verdict.critique}
        </p>
      )}
      {verdict?.status === 'failed' && <p className={ui.error}>{verdict.error}</p>}
      {judgeable && (
        <button
          type="button"
          className={`${ui.button} ${ui.small}`}
          onClick={() => void judgeAnswer(column.id)}
          disabled={verdict?.status === 'judging'}
          aria-busy={verdict?.status === 'judging'}
        >
          {verdict?.status === 'judging' ? 'Judging…' : `Judge column ${n} with the test set's rubric`}
        </button>
      )}
    </>
  );
}
