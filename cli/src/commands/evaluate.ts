/**
 * `prompt-perfect eval <prompt> --test-set <id|file>`: the mean score with its interval.
 * `prompt-perfect eval --baseline <file> --candidate <file> --test-set <id|file>`: the CI gate, exit 1
 * when the candidate is worse with the paired interval below zero; the Markdown summary on stdout
 * (and in the GitHub job summary when GITHUB_STEP_SUMMARY is set).
 */
import { appendFile } from 'node:fs/promises';
import { formatEvaluation } from '@prompt-perfect/core/mcp/format';
import { readText, UsageError } from '../input';
import { gateVerdict } from '../output/gateReport';
import { evaluate, interactiveRun, type RunModels } from '../runs';
import { testSetRef } from '../testSetFile';

/** Fewer pairs give no interval at all. */
const GATE_MIN_CASES = 2;

export interface EvalOptions {
  prompt?: string;
  baseline?: string;
  candidate?: string;
  testSet?: string;
  format: string;
  models: RunModels;
}

export async function runEval(o: EvalOptions): Promise<number> {
  if (!['text', 'json'].includes(o.format))
    throw new UsageError("--format must be text or json (the gate's text is its Markdown summary).");
  const gate = o.baseline !== undefined || o.candidate !== undefined;
  if (gate && (!o.baseline || !o.candidate)) throw new UsageError('The gate needs both --baseline and --candidate.');
  if (gate && o.prompt) throw new UsageError('Give a prompt file, or --baseline and --candidate, not both.');
  const ref = await testSetRef(o.testSet);
  if (gate && 'set' in ref && ref.set.cases.length < GATE_MIN_CASES) {
    throw new UsageError(
      `The gate compares the prompts case by case: ${ref.file} needs at least ${GATE_MIN_CASES} cases (more give a narrower interval).`,
    );
  }
  const run = interactiveRun();
  try {
    if (!gate) {
      const result = await evaluate(await readText(o.prompt, 'prompt'), ref, o.models, run);
      run.end();
      process.stdout.write(
        o.format === 'json' ? `${JSON.stringify(result, null, 2)}\n` : `${formatEvaluation(result)}\n`,
      );
      return 0;
    }
    const [baselineText, candidateText] = [
      await readText(o.baseline, 'baseline prompt'),
      await readText(o.candidate, 'candidate prompt'),
    ];
    const baseline = await evaluate(baselineText, ref, o.models, {
      ...run,
      onProgress: (p) => run.onProgress({ ...p, message: `Baseline: ${p.message}` }),
    });
    const candidate = await evaluate(candidateText, ref, o.models, {
      ...run,
      onProgress: (p) => run.onProgress({ ...p, message: `Candidate: ${p.message}` }),
    });
    run.end();
    const verdict = gateVerdict(
      { baseline: o.baseline as string, candidate: o.candidate as string, testSet: o.testSet as string },
      baseline,
      candidate,
    );
    if (o.format === 'json') process.stdout.write(`${JSON.stringify({ ...verdict, baseline, candidate }, null, 2)}\n`);
    else process.stdout.write(verdict.markdown);
    if (process.env.GITHUB_STEP_SUMMARY) await appendFile(process.env.GITHUB_STEP_SUMMARY, verdict.markdown);
    return verdict.regressed ? 1 : 0;
  } finally {
    run.end();
  }
}
