/** zod schemas of the /api/me bodies and of run records: bad input gets one clear sentence (validate.ts). */
import { z } from 'zod';
import { CUSTOM_TONE_MAX, HISTORY_PAGE_MAX, RUN_INPUT_MAX } from '@prompt-perfect/core/api/account';
import { isLanguageId, LANGUAGES, type LanguageId } from '@prompt-perfect/core/catalog/languages';
import { isProviderId, PROVIDER_IDS, type ProviderId } from '@prompt-perfect/core/catalog/providers';
import { isTechniqueId, TECHNIQUE_IDS, type TechniqueId } from '@prompt-perfect/core/catalog/techniques';
import { isToneId, TONES, type ToneId } from '@prompt-perfect/core/catalog/tones';
import { isTimeZone } from '@prompt-perfect/core/progress/streak';

const PROMPT_MAX = 64 * 1024;

// Each with its values for the OpenAPI document (a custom check has no type of its own there).
const oneOf = (values: readonly string[]) => ({ type: 'string', enum: [...values] });
const technique = z
  .custom<TechniqueId>(isTechniqueId, { message: 'must be one of the techniques.' })
  .meta(oneOf(TECHNIQUE_IDS));
const language = z
  .custom<LanguageId>(isLanguageId, { message: 'must be one of the languages.' })
  .meta(oneOf(LANGUAGES.map((l) => l.id)));
const tone = z.custom<ToneId>(isToneId, { message: 'must be one of the tones.' }).meta(oneOf(TONES));
const provider = z
  .custom<ProviderId>(isProviderId, { message: "must be 'openai' or 'anthropic'." })
  .meta(oneOf(PROVIDER_IDS));
const catalogId = z.string().max(100).nullable().optional();

export const SettingsSchema = z.strictObject({
  aiEnabled: z.boolean().nullable(),
  defaultTechnique: technique,
  defaultProvider: provider,
  timeZone: z
    .custom<string>(isTimeZone, { message: 'must be an IANA time zone such as Europe/Paris.' })
    .meta({ type: 'string', description: 'An IANA time zone such as Europe/Paris.' })
    .nullable(),
});

export const NewFavoriteSchema = z.strictObject({
  originalPrompt: z.string().max(PROMPT_MAX),
  optimizedPrompt: z
    .string()
    .max(PROMPT_MAX)
    .refine((s) => s.trim().length > 0, { message: 'must not be empty.' }),
  technique,
  language,
  tone,
});

const RunOptionsSchema = z.strictObject({
  technique,
  language,
  tone,
  customTone: z.string().max(CUSTOM_TONE_MAX).optional(),
  personaId: catalogId,
  audienceId: catalogId,
  templateId: catalogId,
});

export const RunRecordSchema = z.strictObject({
  kind: z.enum(['perfect', 'continue']),
  input: z.string().max(RUN_INPUT_MAX),
  options: RunOptionsSchema,
  refines: z.number().int().positive().nullable().optional(),
});

export const OfflineRunSchema = RunRecordSchema.extend({ output: z.string().max(PROMPT_MAX) });

export const ImportSchema = z.strictObject({
  favorites: z.array(z.unknown()).max(10_000),
  stats: z.unknown(),
});

/** One favorite from a browser's old storage; unusable entries are skipped, unknown options defaulted. */
export const ImportedFavoriteSchema = z.object({
  id: z.number().finite(),
  originalPrompt: z.string().max(PROMPT_MAX),
  optimizedPrompt: z
    .string()
    .max(PROMPT_MAX)
    .refine((s) => s.trim().length > 0),
  technique: technique.catch('zero-shot'),
  language: language.catch('English'),
  tone: tone.catch('Normal'),
  createdAt: z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)))
    .optional()
    .catch(undefined),
});

/** A browser's old stats: only counts; level and badges are derived again on the server. */
export const ImportedStatsSchema = z
  .object({
    xp: z.number().int().min(0).max(1_000_000).catch(0),
    streak: z.number().int().min(0).max(10_000).catch(0),
    totalPrompts: z.number().int().min(0).max(1_000_000).catch(0),
    lastActivity: z.number().finite().positive().nullable().catch(null),
  })
  .catch({ xp: 0, streak: 0, totalPrompts: 0, lastActivity: null });

export const HistoryQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a cursor from a previous page.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).optional(),
  q: z.string().max(200).optional(),
  chain: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a history id.')
    .optional(),
});
