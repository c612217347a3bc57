/**
 * Langfuse prompts (the public API's prompt objects): `{ name, version, type, prompt, config, labels,
 * tags, commitMessage }`, one object per version, as a list or a `{ data: [...] }` page. Text prompts
 * only; `latest` is Langfuse's own label and is not kept. `config.model` becomes the version's model,
 * the rest of config its options.
 */
import type { PromptVersion, SavePromptVersion } from '@prompt-perfect/core/api/registry';
import { LABEL_NAME } from '@prompt-perfect/core/api/registry';
import { type ImportBundle, type ImportedPrompt, importRefused, isRecord } from './bundle';
import { toPromptName } from '@prompt-perfect/core/api/registry';
import { parseJsonList } from './json';

interface Parsed {
  name: string;
  version: number;
  save: SavePromptVersion;
  labels: string[];
  at: string;
}

export function parseLangfuse(content: string): ImportBundle {
  const items = parseJsonList(content, 'Langfuse prompts: a list of { name, version, prompt }');
  const parsed: Parsed[] = items.map((item, i) => {
    const at = `[${i}]`;
    if (!isRecord(item)) throw importRefused(at, 'a prompt is an object with name, version and prompt.');
    if (typeof item.name !== 'string' || !toPromptName(item.name))
      throw importRefused(`${at}.name`, 'a name is required.');
    if (!Number.isInteger(item.version) || (item.version as number) < 1)
      throw importRefused(`${at}.version`, 'must be a whole number from 1.');
    if (item.type !== undefined && item.type !== 'text')
      throw importRefused(`${at}.type`, `only text prompts can be imported (found ${JSON.stringify(item.type)}).`);
    if (typeof item.prompt !== 'string' || !item.prompt.trim())
      throw importRefused(`${at}.prompt`, 'must be the prompt text.');
    if (item.config !== undefined && item.config !== null && !isRecord(item.config))
      throw importRefused(`${at}.config`, 'must be an object.');
    if (item.labels !== undefined && !(Array.isArray(item.labels) && item.labels.every((l) => typeof l === 'string'))) {
      throw importRefused(`${at}.labels`, 'must be a list of label names.');
    }
    const labels = ((item.labels as string[] | undefined) ?? []).filter((l) => l !== 'latest');
    const bad = labels.find((l) => !LABEL_NAME.test(l));
    if (bad)
      throw importRefused(`${at}.labels`, `'${bad}' is not a label name here (lowercase letters, digits, - and _).`);
    const { model, provider, technique, ...options } = (item.config ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : null);
    const save: SavePromptVersion = {
      text: item.prompt,
      model: text(model),
      provider: text(provider),
      technique: text(technique),
      options,
      message: typeof item.commitMessage === 'string' ? item.commitMessage : '',
    };
    return { name: toPromptName(item.name), version: item.version as number, save, labels, at };
  });

  const byName = new Map<string, Parsed[]>();
  for (const p of parsed) byName.set(p.name, [...(byName.get(p.name) ?? []), p]);
  const prompts: ImportedPrompt[] = [...byName].map(([name, versions]) => {
    versions.sort((a, b) => a.version - b.version);
    const labels: Record<string, number> = {};
    versions.forEach((v, i) => {
      if (i > 0 && versions[i - 1].version === v.version)
        throw importRefused(`${v.at}.version`, `${name} has version ${v.version} twice.`);
      for (const l of v.labels) {
        if (labels[l] !== undefined)
          throw importRefused(`${v.at}.labels`, `the label '${l}' of ${name} is on two versions.`);
        labels[l] = i + 1;
      }
    });
    return { name, versions: versions.map((v) => v.save), labels };
  });
  return { prompts, testSets: [] };
}

/** Every version of the given prompts as Langfuse text prompts, with the labels on each. */
export function toLangfuse(
  prompts: Array<{ name: string; versions: PromptVersion[]; labels: Record<string, number> }>,
): string {
  const out = prompts.flatMap(({ name, versions, labels }) =>
    [...versions]
      .sort((a, b) => a.version - b.version)
      .map((v) => ({
        name,
        version: v.version,
        type: 'text',
        prompt: v.text,
        config: {
          ...v.options,
          ...(v.model ? { model: v.model } : {}),
          ...(v.provider ? { provider: v.provider } : {}),
          ...(v.technique ? { technique: v.technique } : {}),
        },
        labels: Object.entries(labels)
          .filter(([, n]) => n === v.version)
          .map(([l]) => l),
        tags: [],
        commitMessage: v.message || null,
      })),
  );
  return `${JSON.stringify(out, null, 2)}\n`;
}
