import { answerFigures } from './figures';
import type { Answer } from './types';
import styles from './Compare.module.css';

/** Time to first text, total time, tokens (the provider's, or an estimate, labelled) and cost. */
export function AnswerFiguresLine({ answer, model }: { answer: Answer; model: string }) {
  const f = answerFigures(answer, model);
  const tokens = `${f.tokens.input} in · ${f.tokens.output} out`;
  return (
    <dl className={styles.figures} data-testid="compare-figures">
      <div>
        <dt>First text</dt>
        <dd>{f.firstText}</dd>
      </div>
      <div>
        <dt>Total</dt>
        <dd>{f.total}</dd>
      </div>
      <div>
        <dt>{f.estimated ? 'Tokens (estimate)' : 'Tokens'}</dt>
        <dd title={f.estimated ? 'The provider did not report counts: about four characters a token.' : undefined}>
          {tokens}
        </dd>
      </div>
      <div>
        <dt>{f.estimated || f.costIsUpperBound ? 'Cost (estimate)' : 'Cost'}</dt>
        <dd title={f.costIsUpperBound ? 'Not in the price list: priced at the dearest listed model.' : undefined}>
          {f.cost}
        </dd>
      </div>
    </dl>
  );
}
