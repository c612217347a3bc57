/**
 * OpenAI reusable prompt objects (closing 2026-11-30), as a list or a `{ data: [...] }` page of
 * `{ id: "pmpt_...", version, name?, instructions | prompt | text, variables?, model? }`. Each id
 * becomes a named prompt (its name, else its id) with its versions in order; `{{variables}}` stay as
 * they are written. Import only: OpenAI takes no such file back.
 */
import type { SavePromptVersion } from '@prompt-perfect/core/api/registry';
import { type ImportBundle, importRefused, isRecord } from './bundle';
import { toPromptName } from '@prompt-perfect/core/api/registry';
import { parseJsonList } from './json';

const TEXT_FIELDS = ['instructions', 'prompt', 'text'] as const;

export function parseOpenAIPrompts(content: string): ImportBundle {
  const items = parseJsonList(content, 'OpenAI prompt objects: { id, version, instructions }');
  const groups = new Map<string, Array<{ version: number; save: SavePromptVersion; at: string }>>();
  items.forEach((item, i) => {
    const at = `[${i}]`;
    if (!isRecord(item)) throw importRefused(at, 'a prompt object has id, version and its text.');
    if (typeof item.id !== 'string' || !item.id.trim())
      throw importRefused(`${at}.id`, 'the prompt id (pmpt_...) is required.');
    const version = typeof item.version === 'string' ? Number(item.version) : item.version;
    if (!Number.isInteger(version) || (version as number) < 1)
      throw importRefused(`${at}.version`, 'must be a version number from 1.');
    const field = TEXT_FIELDS.find((f) => typeof item[f] === 'string' && (item[f] as string).trim());
    if (!field)
      throw importRefused(`${at}.instructions`, 'the prompt text is required (instructions, prompt or text).');
    const name = toPromptName(typeof item.name === 'string' && item.name.trim() ? item.name : item.id);
    if (!name) throw importRefused(`${at}.name`, 'gives no usable prompt name.');
    const save: SavePromptVersion = {
      text: item[field] as string,
      provider: 'openai',
      model: typeof item.model === 'string' ? item.model : null,
      options: { openaiPromptId: item.id, ...(isRecord(item.variables) ? { variables: item.variables } : {}) },
      message: `Imported from OpenAI prompt ${item.id} version ${version}`,
    };
    groups.set(name, [...(groups.get(name) ?? []), { version: version as number, save, at }]);
  });
  return {
    prompts: [...groups].map(([name, versions]) => {
      versions.sort((a, b) => a.version - b.version);
      versions.forEach((v, i) => {
        if (i > 0 && versions[i - 1].version === v.version)
          throw importRefused(`${v.at}.version`, `${name} has version ${v.version} twice.`);
      });
      return { name, versions: versions.map((v) => v.save), labels: {} };
    }),
    testSets: [],
  };
}
