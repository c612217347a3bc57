/** Reading an import file into a checked bundle, and writing the account's prompts in a format. */
import type { TestSetInput } from '@prompt-perfect/core/api/prove';
import { type EXPORT_FORMATS, IMPORT_FORMATS, type PromptVersion } from '@prompt-perfect/core/api/registry';
import { z } from 'zod';
import { NotFound } from '../../http/httpError';
import { TestSetInputSchema } from '../prove/schemas';
import type { PromptStore } from './promptStore';
import { type ImportBundle, importRefused } from './formats/bundle';
import { parseLangfuse, toLangfuse } from './formats/langfuse';
import { parseOpenAIPrompts } from './formats/openaiPrompts';
import { parsePromptfoo, toPromptfoo } from './formats/promptfoo';
import { SaveVersionSchema } from './schemas';

const MAX_PROMPTS = 200;
const MAX_VERSIONS = 500;

export const ImportSchema = z.strictObject({
  format: z.enum(IMPORT_FORMATS, { message: `must be one of ${IMPORT_FORMATS.join(', ')}.` }),
  content: z.string().min(1).max(1_000_000),
});

const PARSERS = { promptfoo: parsePromptfoo, langfuse: parseLangfuse, openai: parseOpenAIPrompts };

/** The file as a bundle within every limit a direct save has; refused (400) with the field at fault otherwise. */
export function readImport(format: (typeof IMPORT_FORMATS)[number], content: string): ImportBundle {
  const bundle = PARSERS[format](content);
  if (bundle.prompts.length === 0) throw importRefused('the file', 'it holds no prompt.');
  if (bundle.prompts.length > MAX_PROMPTS) throw importRefused('the file', `at most ${MAX_PROMPTS} prompts at once.`);
  if (bundle.prompts.reduce((n, p) => n + p.versions.length, 0) > MAX_VERSIONS)
    throw importRefused('the file', `at most ${MAX_VERSIONS} versions at once.`);
  for (const p of bundle.prompts) {
    p.versions.forEach((v, i) => {
      const checked = SaveVersionSchema.safeParse(v);
      if (!checked.success)
        throw importRefused(
          `${p.name} version ${i + 1}, field '${checked.error.issues[0].path.join('.')}'`,
          checked.error.issues[0].message,
        );
    });
  }
  bundle.testSets.forEach((set, i) => {
    const checked = TestSetInputSchema.safeParse(set);
    if (!checked.success)
      throw importRefused(
        `test set ${i + 1}, field '${checked.error.issues[0].path.join('.')}'`,
        checked.error.issues[0].message,
      );
  });
  return bundle;
}

export interface ExportRequest {
  format: (typeof EXPORT_FORMATS)[number];
  names: string[] | null;
  /** promptfoo: the version each label points at (prompts without it are left out); else the newest. */
  label: string | null;
  testSet: TestSetInput | undefined;
}

export async function writeExport(store: PromptStore, userId: string, req: ExportRequest): Promise<string> {
  const all = await store.list(userId);
  // By name, so the same prompts always export to the same file.
  const chosen = (req.names ? all.filter((p) => req.names?.includes(p.name)) : all).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  const missing = req.names?.find((n) => !all.some((p) => p.name === n));
  if (missing) throw new NotFound(`No prompt named '${missing}'.`);
  const full = await Promise.all(
    chosen.map(async (p) => ({
      name: p.name,
      labels: p.labels,
      versions: (await store.versions(userId, p.name)) ?? [],
    })),
  );
  if (req.format === 'langfuse') return toLangfuse(full);
  const picked = full
    .map((p) => {
      const n = req.label ? p.labels[req.label] : p.versions[0]?.version;
      return { name: p.name, version: p.versions.find((v) => v.version === n) };
    })
    .filter((p): p is { name: string; version: PromptVersion } => p.version !== undefined);
  if (picked.length === 0)
    throw new NotFound(req.label ? `No prompt has the label '${req.label}'.` : 'There is no prompt to export.');
  return toPromptfoo(picked, req.testSet);
}
