/**
 * The workspace draft of one account, kept in this browser across reloads: the prompt, its options,
 * the test input, the Test model, the technique, provider and model the user chose, and the last
 * result (with its history entry, so Continue Building after a reload adds to the same chain). Read through zod: a field that is missing, of the wrong type or
 * naming something the catalogue no longer has is dropped (the workspace keeps its default for it);
 * storage that is not a draft at all is ignored.
 */
import { z } from 'zod';
import { isLanguageId } from '@prompt-perfect/core/catalog/languages';
import { isProviderId } from '@prompt-perfect/core/catalog/providers';
import { isTechniqueId } from '@prompt-perfect/core/catalog/techniques';
import { isToneId } from '@prompt-perfect/core/catalog/tones';
import { isRecord, safeGetItem, safeParseJson, safeSetItem } from './storage';

/** A draft larger than this is not kept (localStorage holds about 5 MB for the whole site). */
const TEXT_MAX = 100_000;

const text = z.string().max(TEXT_MAX).optional().catch(undefined);
const id = <T extends string>(guard: (x: unknown) => x is T) =>
  z
    .string()
    .refine((x): x is T => guard(x))
    .optional()
    .catch(undefined) as unknown as z.ZodType<T | undefined>;
const nullableId = z.string().max(200).nullable().optional().catch(undefined);

const DraftSchema = z.object({
  input: text,
  variables: z.record(z.string().max(200), z.string().max(TEXT_MAX)).optional().catch(undefined),
  testInput: text,
  testModelChoice: z
    .object({ provider: id(isProviderId), model: z.string().min(1).max(200) })
    .refine((c) => c.provider !== undefined)
    .nullable()
    .optional()
    .catch(undefined),
  technique: id(isTechniqueId),
  provider: id(isProviderId),
  model: z.string().min(1).max(200).optional().catch(undefined),
  language: id(isLanguageId),
  tone: id(isToneId),
  customTone: text,
  templateId: nullableId,
  personaId: nullableId,
  audienceId: nullableId,
  positiveExamples: text,
  negativeExamples: text,
  output: z
    .object({ text: z.string().max(TEXT_MAX), model: z.string().max(200).optional() })
    .nullable()
    .optional()
    .catch(undefined),
  outputSource: text,
  outputHistoryId: z.number().int().positive().nullable().optional().catch(undefined),
  outputMadeFrom: z
    .string()
    .max(TEXT_MAX * 4)
    .optional()
    .catch(undefined),
});

export type WorkspaceDraft = Partial<z.infer<typeof DraftSchema>>;

const draftKey = (userId: string) => `promptPerfect.draft.${encodeURIComponent(userId)}`;

/** Only the fields that were stored and valid (undefined ones are left out). */
export function sanitizeDraft(raw: unknown): WorkspaceDraft | null {
  if (!isRecord(raw)) return null;
  const parsed = DraftSchema.safeParse(raw);
  if (!parsed.success) return null;
  return Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined)) as WorkspaceDraft;
}

export function loadDraft(userId: string): WorkspaceDraft | null {
  return sanitizeDraft(safeParseJson(safeGetItem(draftKey(userId))));
}

export function saveDraft(userId: string, draft: WorkspaceDraft): void {
  safeSetItem(draftKey(userId), JSON.stringify(draft));
}
