/** The rule that keeps only real wins: a better held-out mean AND a paired 95% interval of the difference above zero. */
import { mean, pairedBootstrapInterval } from './statistics';

export interface KeepDecision {
  kept: boolean;
  candidateScore: number;
  currentScore: number;
  diffLow: number;
  diffHigh: number;
  reason: string;
}

const fmt = (x: number) => (Math.round(x * 100) / 100).toFixed(2);

/**
 * `current` and `candidate` are held-out scores in the same case order. With `train` (the training
 * scores of both), a candidate must also raise the training mean: an edit is made to fix the
 * training failures, and one that does not fix them but wins on held-out cases is most likely the
 * judge's noise re-rolled by a reworded prompt (measured on the simulated task: see bench/prove.bench.ts).
 */
export function decideKeep(
  current: readonly number[],
  candidate: readonly number[],
  seed: number,
  train?: { current: readonly number[]; candidate: readonly number[] },
): KeepDecision {
  const currentScore = mean(current);
  const candidateScore = mean(candidate);
  const { low, high } = pairedBootstrapInterval(current, candidate, seed);
  const base = { candidateScore, currentScore, diffLow: low, diffHigh: high };
  const interval = `95% interval of the difference ${fmt(low)} to ${fmt(high)}`;
  if (!(candidateScore > currentScore)) {
    return { ...base, kept: false, reason: `Not kept: held-out mean ${fmt(candidateScore)} does not beat ${fmt(currentScore)}.` };
  }
  if (!(low > 0)) {
    return { ...base, kept: false, reason: `Not kept: ${fmt(candidateScore)} beats ${fmt(currentScore)}, but the ${interval} includes zero.` };
  }
  if (train?.current.length && !(mean(train.candidate) > mean(train.current))) {
    return {
      ...base,
      kept: false,
      reason: `Not kept: held-out ${fmt(currentScore)} -> ${fmt(candidateScore)}, but the training mean did not rise (${fmt(mean(train.current))} -> ${fmt(mean(train.candidate))}).`,
    };
  }
  return { ...base, kept: true, reason: `Kept: held-out mean ${fmt(currentScore)} -> ${fmt(candidateScore)}, ${interval}.` };
}
