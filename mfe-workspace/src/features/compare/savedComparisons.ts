/**
 * History's comparisons: each account's last comparisons, kept in this browser (like the workspace
 * draft) so one reopens after a reload. Read through zod: an entry that is not a comparison is dropped.
 */
import { z } from 'zod';
import { isProviderId } from '@prompt-perfect/core/catalog/providers';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { safeGetItem, safeParseJson, safeSetItem } from '@prompt-perfect/shared/stores/storage';
import { currentComparison } from './compareStore';
import { type Comparison, MAX_COLUMNS } from './types';

/** How many comparisons History keeps per account (the oldest goes first). */
export const KEPT_COMPARISONS = 20;
const TEXT_MAX = 100_000;

const text = z.string().max(TEXT_MAX);
const count = z.number().int().nonnegative();
const ms = count.nullable();
const VerdictSchema = z.union([
  z.object({ status: z.literal('done'), score: z.number(), critique: text, judgeModel: text }),
  z.object({ status: z.literal('failed'), error: text }),
  // Judging when the page went away: the verdict never came.
  z.object({ status: z.literal('judging') }).transform(() => null),
]);
const AnswerSchema = z.object({
  // A run cut off by the reload shows what had arrived, as a stopped one.
  status: z
    .enum(['waiting', 'streaming', 'done', 'stopped', 'failed'])
    .transform((s) => (s === 'waiting' || s === 'streaming' ? ('stopped' as const) : s)),
  text,
  error: text.nullable(),
  firstTextMs: ms,
  totalMs: ms,
  usage: z.object({ input: count, output: count }).nullable(),
  sent: z.object({ systemPrompt: text, userPrompt: text }),
  verdict: VerdictSchema.nullable().catch(null),
});
const ComparisonSchema = z.object({
  id: z.string().min(1).max(100),
  createdAt: z.string().max(40),
  input: text,
  columns: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        provider: z.string().refine(isProviderId),
        model: z.string().min(1).max(200),
        prompt: z.object({ label: z.string().max(200), text }),
        answer: AnswerSchema.nullable(),
      }),
    )
    .min(1)
    .max(MAX_COLUMNS),
});

const keyOf = (userId: string) => `promptPerfect.comparisons.${encodeURIComponent(userId)}`;

/** The account's kept comparisons, newest first (what is not a comparison is left out). */
export function loadComparisons(userId: string): Comparison[] {
  const raw = safeParseJson(safeGetItem(keyOf(userId)));
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry) => {
    const parsed = ComparisonSchema.safeParse(entry);
    return parsed.success ? [parsed.data as Comparison] : [];
  });
}

/** Keeps (or updates) a comparison at the top of the account's list. */
export function saveComparison(userId: string, comparison: Comparison): void {
  const others = loadComparisons(userId).filter((c) => c.id !== comparison.id);
  const list = [comparison, ...others].slice(0, KEPT_COMPARISONS);
  // Storage full: keep fewer rather than none.
  for (let n = list.length; n > 0; n = Math.floor(n / 2))
    if (safeSetItem(keyOf(userId), JSON.stringify(list.slice(0, n)))) return;
}

/** Keeps the grid's comparison for the signed-in account. */
export function keepComparison(): void {
  const userId = useAuthStore.getState().user?.id;
  const comparison = currentComparison();
  if (userId && comparison) saveComparison(userId, comparison);
}
