/**
 * promptfoo configuration YAML (promptfoo.dev/docs/configuration/reference): `prompts` (strings, or
 * `{ id, label, raw }`), `providers` (`openai:gpt-4o-mini` ...), `tests` with `vars` and `assert`, and
 * `defaultTest`. Only `llm-rubric` assertions map onto a test set's rubric; anything that cannot be
 * kept (a file:// reference, another assertion type) refuses the file with the line it is on.
 */
import { LineCounter, parseDocument, stringify, type Document } from 'yaml';
import type { TestCase, TestSetInput } from '@prompt-perfect/core/api/prove';
import type { PromptVersion } from '@prompt-perfect/core/api/registry';
import { type ImportBundle, type ImportedPrompt, importRefused, isRecord } from './bundle';
import { checkYamlDocument, precheckYaml, TOO_MANY_ALIASES, YAML_LIMITS } from './yamlLimits';
import { toPromptName } from '@prompt-perfect/core/api/registry';

type Path = Array<string | number>;

function reader(content: string) {
  precheckYaml(content);
  const lines = new LineCounter();
  // Duplicate keys are found by checkYamlDocument, in linear time.
  const doc: Document = parseDocument(content, { lineCounter: lines, prettyErrors: false, uniqueKeys: false });
  const first = doc.errors[0];
  if (first) throw importRefused(`line ${lines.linePos(first.pos[0]).line}`, first.message.split('\n')[0]);
  checkYamlDocument(doc, lines);
  const lineOf = (path: Path): string => {
    for (let p = path; p.length > 0; p = p.slice(0, -1)) {
      const node = doc.getIn(p, true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return `line ${lines.linePos(node.range[0]).line} (${pathText(path)})`;
    }
    return pathText(path);
  };
  return { data: toData(doc), fail: (path: Path, problem: string) => importRefused(lineOf(path), problem) };
}

function toData(doc: Document): unknown {
  try {
    return doc.toJS({ maxAliasCount: YAML_LIMITS.aliases });
  } catch (err) {
    if (err instanceof ReferenceError && /alias/i.test(err.message)) throw importRefused('the file', TOO_MANY_ALIASES);
    throw err;
  }
}

const pathText = (path: Path) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${p}`)).join('');

function rubricsOf(asserts: unknown, path: Path, fail: (p: Path, m: string) => Error): string[] {
  if (asserts === undefined) return [];
  if (!Array.isArray(asserts)) throw fail(path, 'must be a list of assertions.');
  return asserts.map((a, i) => {
    if (!isRecord(a) || a.type !== 'llm-rubric')
      throw fail(
        [...path, i, 'type'],
        `only llm-rubric assertions can be imported (found ${JSON.stringify(isRecord(a) ? a.type : a)}).`,
      );
    if (typeof a.value !== 'string' || !a.value.trim())
      throw fail([...path, i, 'value'], 'an llm-rubric needs its rubric text as value.');
    return a.value.trim();
  });
}

export function parsePromptfoo(content: string): ImportBundle {
  const { data, fail } = reader(content);
  if (!isRecord(data)) throw fail([], 'a promptfoo configuration is a YAML mapping with prompts, providers and tests.');
  const base = toPromptName(typeof data.description === 'string' ? data.description : '') || 'promptfoo';
  const rawPrompts = typeof data.prompts === 'string' ? [data.prompts] : data.prompts;
  if (!Array.isArray(rawPrompts) || rawPrompts.length === 0)
    throw fail(['prompts'], 'at least one prompt is required.');

  const providers =
    typeof data.providers === 'string' ? [data.providers] : Array.isArray(data.providers) ? data.providers : [];
  const first =
    providers
      .map((p) => (typeof p === 'string' ? p : isRecord(p) && typeof p.id === 'string' ? p.id : ''))
      .find(Boolean) ?? '';
  const [provider, ...model] = first.includes(':') ? first.split(':') : [null];
  const config = { provider: provider || null, model: model.join(':') || null };

  const prompts: ImportedPrompt[] = rawPrompts.map((p, i) => {
    const text = typeof p === 'string' ? p : isRecord(p) ? p.raw : undefined;
    if (typeof text !== 'string' || !text.trim())
      throw fail(['prompts', i], 'a prompt is a string or has its text in raw.');
    if (/^file:\/\//.test(text.trim()))
      throw fail(['prompts', i], 'file:// prompts cannot be imported: put the text in raw.');
    const named = isRecord(p) ? (typeof p.label === 'string' ? p.label : typeof p.id === 'string' ? p.id : '') : '';
    const name = toPromptName(named) || `${base}-${i + 1}`;
    return { name, versions: [{ text, ...config, message: 'Imported from promptfoo' }], labels: {} };
  });
  const names = prompts.map((p) => p.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw fail(['prompts'], `two prompts would both be named '${twice}'.`);

  const shared = isRecord(data.defaultTest) ? rubricsOf(data.defaultTest.assert, ['defaultTest', 'assert'], fail) : [];
  const tests = data.tests ?? [];
  if (typeof tests === 'string')
    throw fail(['tests'], 'tests from a file cannot be imported: list them in the configuration.');
  if (!Array.isArray(tests)) throw fail(['tests'], 'must be a list of test cases.');
  const cases: TestCase[] = tests.map((t, i) => {
    if (!isRecord(t) || !isRecord(t.vars)) throw fail(['tests', i, 'vars'], 'each test needs vars.');
    const entries = Object.entries(t.vars).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as const);
    const input =
      entries.length === 1 && entries[0][0] === 'input'
        ? entries[0][1]
        : entries.map(([k, v]) => `${k}: ${v}`).join('\n');
    if (!input.trim()) throw fail(['tests', i, 'vars'], 'the vars are empty.');
    const own = rubricsOf(t.assert, ['tests', i, 'assert'], fail);
    return { id: `c${i + 1}`, input, ...(own.length ? { expected: own.join('\n') } : {}) };
  });
  const testSets: TestSetInput[] = cases.length
    ? [
        {
          name: (typeof data.description === 'string' && data.description.trim()) || 'Imported from promptfoo',
          prompt: prompts[0].versions[0].text,
          rubric: shared.join('\n') || 'The answer does what the prompt asks.',
          cases,
        },
      ]
    : [];
  return { prompts, testSets };
}

/** The prompts (one version each) and an optional test set as a promptfoo configuration. */
export function toPromptfoo(
  prompts: Array<{ name: string; version: PromptVersion }>,
  testSet: TestSetInput | undefined,
): string {
  const providers = [
    ...new Set(
      prompts
        .filter((p) => p.version.provider && p.version.model)
        .map((p) => `${p.version.provider}:${p.version.model}`),
    ),
  ];
  const config: Record<string, unknown> = {
    description: testSet?.name ?? 'Exported from Prompt Perfect',
    prompts: prompts.map((p) => ({ id: p.name, label: p.name, raw: p.version.text })),
    providers: providers.length ? providers : ['openai:gpt-4o-mini'],
  };
  if (testSet) {
    config.defaultTest = { assert: [{ type: 'llm-rubric', value: testSet.rubric }] };
    config.tests = testSet.cases.map((c) => ({
      description: c.id,
      vars: { input: c.input },
      ...(c.expected ? { assert: [{ type: 'llm-rubric', value: c.expected }] } : {}),
    }));
  }
  return stringify(config, { lineWidth: 0 });
}
