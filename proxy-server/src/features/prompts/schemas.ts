/** zod schemas of the [registry] request bodies, within core's limits. */
import { z } from 'zod';
import { PROMPT_TEXT_MAX, VERSION_MESSAGE_MAX } from '@prompt-perfect/core/api/registry';
import { text } from '../../http/validate';

const OPTIONS_JSON_MAX = 10_000;
const shortText = z.string().max(200).nullable().optional();

export const SaveVersionSchema = z.strictObject({
  text: text().pipe(z.string().max(PROMPT_TEXT_MAX)),
  message: z.string().max(VERSION_MESSAGE_MAX).optional(),
  technique: shortText,
  provider: shortText,
  model: shortText,
  options: z
    .record(z.string(), z.unknown())
    .refine((o) => JSON.stringify(o).length <= OPTIONS_JSON_MAX, {
      message: `must be at most ${OPTIONS_JSON_MAX} characters of JSON.`,
    })
    .optional(),
});

export const MoveLabelSchema = z.strictObject({
  version: z.number({ message: 'must be a number.' }).int().positive(),
  protected: z.boolean().optional(),
  confirm: z.boolean().optional(),
});

export const UndoSchema = z.strictObject({ confirm: z.boolean().optional() });
