/** `prompt-perfect improve <file|->`: the Perfect on the server with a model, else the offline optimizer. */
import { LANGUAGES, type LanguageId } from '@prompt-perfect/core/catalog/languages';
import { TECHNIQUE_IDS, type TechniqueId } from '@prompt-perfect/core/catalog/techniques';
import { TONES, type ToneId } from '@prompt-perfect/core/catalog/tones';
import { chooseBackend } from '../backends/chooseBackend';
import { modelChoice } from '../modelChoice';
import { readText, UsageError } from '../input';

export interface ImproveOptions {
  file?: string;
  technique?: string;
  tone?: string;
  language?: string;
  model?: string;
}

function oneOf<T extends string>(value: string | undefined, option: string, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!allowed.includes(value as T)) throw new UsageError(`${option} must be one of: ${allowed.join(', ')}.`);
  return value as T;
}

export async function runImprove(o: ImproveOptions): Promise<number> {
  const technique = oneOf<TechniqueId>(o.technique, '--technique', TECHNIQUE_IDS);
  const tone = oneOf<ToneId>(o.tone, '--tone', TONES);
  const language = oneOf<LanguageId>(
    o.language,
    '--language',
    LANGUAGES.map((l) => l.id),
  );
  const choice = o.model ? modelChoice(o.model, '--model', '') : undefined;
  const prompt = await readText(o.file, 'prompt');
  const { backend } = await chooseBackend();
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const result = await backend.improve(
    { prompt, technique, tone, language, provider: choice?.provider, model: choice?.model },
    controller.signal,
  );
  process.stdout.write(`${result.prompt}\n`);
  if (result.provider === 'offline')
    process.stderr.write('(offline optimizer: give --model to rewrite with a model on your Prompt Perfect server)\n');
  return 0;
}
