/**
 * What a visitor was doing on the trial page (the task in the box, the last result), kept so that
 * signing in carries it into the workspace instead of starting from an empty box. Taken once: the
 * workspace reads and removes it.
 *
 * zod/mini, not zod: this module is on the visitor page's first load, and the full schema library
 * would be most of its bytes. Not in stores/: it holds no state (localStorage does), so it need not be
 * one shared instance, and each app bundles it instead of fetching a shared copy (a request fewer on
 * the visitor page).
 */
import * as z from 'zod/mini';
import { safeGetItem, safeParseJson, safeRemoveItem, safeSetItem } from '../stores/storage';

const KEY = 'promptPerfect.visitorWork';
const TEXT_MAX = 100_000;
/** Work older than this is not carried in: it is a different session, perhaps a different person. */
const KEPT_MS = 24 * 60 * 60 * 1000;

const VisitorWorkSchema = z.object({
  task: z.string().check(z.maxLength(TEXT_MAX)),
  /** The last perfected prompt and the task it was made from, when a run finished. */
  result: z.catch(
    z.nullable(
      z.object({
        text: z.string().check(z.minLength(1), z.maxLength(TEXT_MAX)),
        task: z.string().check(z.maxLength(TEXT_MAX)),
      }),
    ),
    null,
  ),
  /** When it was last written (ms since epoch). */
  savedAt: z.number(),
});

export type VisitorWork = z.infer<typeof VisitorWorkSchema>;

function read(): VisitorWork | null {
  const parsed = VisitorWorkSchema.safeParse(safeParseJson(safeGetItem(KEY)));
  return parsed.success ? parsed.data : null;
}

export function rememberVisitorTask(task: string): void {
  const current = read();
  if (task === (current?.task ?? '')) return;
  safeSetItem(
    KEY,
    JSON.stringify({ task, result: current?.result ?? null, savedAt: Date.now() } satisfies VisitorWork),
  );
}

export function rememberVisitorResult(task: string, text: string): void {
  safeSetItem(
    KEY,
    JSON.stringify({ task: read()?.task ?? task, result: { text, task }, savedAt: Date.now() } satisfies VisitorWork),
  );
}

/** The visitor's work, once (null when there is none worth carrying, or it is over a day old). */
export function takeVisitorWork(): VisitorWork | null {
  const work = read();
  safeRemoveItem(KEY);
  if (!work || Date.now() - work.savedAt > KEPT_MS) return null;
  return work.task.trim() !== '' || work.result ? work : null;
}
