import type { TokenUsage } from '@prompt-perfect/core/api/stream';
import type { ProviderId } from '@prompt-perfect/core/catalog/providers';

/** A prompt a column runs: the original, the optimized one, or a version from History. */
export interface PromptVersion {
  label: string;
  text: string;
}

type Verdict =
  | { status: 'judging' }
  | { status: 'done'; score: number; critique: string; judgeModel: string }
  | { status: 'failed'; error: string };

/** A column's answer, with what it took. */
export interface Answer {
  status: 'waiting' | 'streaming' | 'done' | 'stopped' | 'failed';
  text: string;
  /** Why it failed (any text that arrived stays in `text`). */
  error: string | null;
  /** Run start to the first text, and to the end (ms, page clock). */
  firstTextMs: number | null;
  totalMs: number | null;
  /** The provider's token counts when its stream reported them. */
  usage: TokenUsage | null;
  /** What was sent (the token estimate when the provider gave no counts). */
  sent: { systemPrompt: string; userPrompt: string };
  verdict: Verdict | null;
}

/**
 * One column of the grid: a prompt on a model. Up to four run at once, the most one account may
 * run (USER_MAX_CONCURRENT_RUNS defaults to 4).
 */
export interface Column {
  id: string;
  provider: ProviderId;
  model: string;
  prompt: PromptVersion;
  answer: Answer | null;
}

export const MAX_COLUMNS = 4;

/** A comparison as History keeps it. */
export interface Comparison {
  id: string;
  createdAt: string;
  input: string;
  columns: Column[];
}
