/** docs/rest-api.md, written from the OpenAPI document: the page cannot say what the server does not do. */
import { API_ERROR_CODES } from '@prompt-perfect/core/api/errorCodes';
import { openApiDocument } from './document';

export const REST_API_DOC_PATH = 'docs/rest-api.md';

/** The parts of JSON Schema and OpenAPI this page reads. */
interface Schema {
  $ref?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  type?: string | string[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  description?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}
interface Media {
  schema?: Schema;
  example?: unknown;
}
interface Operation {
  summary: string;
  description: string;
  tags: string[];
  security: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description: string; content?: Record<string, Media> }>;
}
interface Doc {
  openapi: string;
  info: { version: string; description?: string };
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string; description: string }>;
  };
}
type Components = Doc['components']['schemas'];

/** A Markdown table with its columns padded as the formatter (biome) pads them. */
function table(header: string[], rows: string[][]): string[] {
  const width = header.map((h, i) => Math.max(3, [...h].length, ...rows.map((r) => [...r[i]].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c + ' '.repeat(width[i] - [...c].length)).join(' | ')} |`;
  return [line(header), line(width.map((w) => '-'.repeat(w))), ...rows.map(line), ''];
}

const refName = (ref: string) => ref.split('/').pop() as string;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n+/g, ' ');

/** A JSON schema in a few words: `string`, `integer | null`, `FetchedPrompt[]`, `'read' | 'run'`. */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return `\`${refName(schema.$ref)}\``;
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum) return schema.enum.map((v: unknown) => `\`${JSON.stringify(v)}\``).join(' \\| ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeOf).join(' \\| ');
  const values = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  const kind = (t: string) => {
    if (t === 'array') return `${typeOf(schema.items)}[]`;
    if (t === 'object' && values && Object.keys(values).length) return `map of ${typeOf(values)}`;
    return t;
  };
  return [schema.type ?? (schema.properties ? 'object' : 'any')].flat().map(kind).join(' \\| ');
}

function notesOf(schema: Schema): string {
  const notes: string[] = [];
  if (schema.description) notes.push(schema.description);
  if (schema.minLength !== undefined) notes.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) notes.push(`at most ${schema.maxLength} characters`);
  if (schema.minimum !== undefined) notes.push(`from ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) notes.push(`more than ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) notes.push(`up to ${schema.maximum}`);
  if (schema.minItems !== undefined) notes.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) notes.push(`at most ${schema.maxItems} items`);
  if (schema.pattern) notes.push(`matches \`${schema.pattern}\``);
  if (schema.format) notes.push(schema.format);
  return notes.join('; ');
}

function fieldsTable(schema: Schema | undefined, components: Components): string[] {
  const resolved = schema?.$ref ? components[refName(schema.$ref)] : schema;
  if (!resolved?.properties) return [typeOf(schema), ''];
  const required = new Set(resolved.required ?? []);
  const rows = Object.entries(resolved.properties).map(([name, field]) => [
    `\`${name}\``,
    typeOf(field),
    required.has(name) ? 'yes' : '',
    cell(notesOf(field)),
  ]);
  return table(['field', 'type', 'required', 'notes'], rows);
}

const jsonBlock = (value: unknown) => ['```json', JSON.stringify(value, null, 2), '```', ''];

function operationSection(method: string, path: string, op: Operation, components: Components): string[] {
  const lines = [`### ${method.toUpperCase()} ${path}`, '', `${op.summary}.`, '', op.description, ''];
  const params = op.parameters ?? [];
  if (params.length) {
    const rows = params.map((p) => [
      `\`${p.name}\``,
      p.in,
      typeOf(p.schema),
      p.required ? 'yes' : '',
      cell(notesOf(p.schema ?? {})),
    ]);
    lines.push(...table(['parameter', 'in', 'type', 'required', 'notes'], rows));
  }
  const body = op.requestBody?.content['application/json'];
  if (body) {
    lines.push('Request body:', '', ...fieldsTable(body.schema, components));
    if (body.example !== undefined) lines.push(...jsonBlock(body.example));
  }
  const answers = Object.entries(op.responses).map(([status, answer]) => {
    const kinds = Object.entries(answer.content ?? {}).map(([type, c]) =>
      type === 'application/json' ? typeOf(c.schema) : `\`${type}\``,
    );
    return [status, cell(answer.description), kinds.join(', ')];
  });
  lines.push(...table(['status', 'means', 'body'], answers));
  const example = Object.values(op.responses)
    .map((a) => a.content?.['application/json']?.example)
    .find((e) => e !== undefined);
  if (example !== undefined) lines.push('Example answer:', '', ...jsonBlock(example));
  return lines;
}

const accessOf = (op: Operation) =>
  op.security.length === 0
    ? 'anyone'
    : op.security
        .flatMap((s) => Object.entries(s).map(([k, scopes]) => (scopes.length ? `${k} (${scopes.join(', ')})` : k)))
        .join(' or ');

const QUICK_START = [
  'For example, with a token made in Settings:',
  '',
  '```sh',
  'export PP_TOKEN=pp_...',
  'curl -s -X POST http://localhost:3002/api/prompts/support-reply/versions -H "Authorization: Bearer $PP_TOKEN" \\',
  '  -H \'Content-Type: application/json\' -d \'{"text": "Answer {{customer}} about {{topic}}."}\'',
  'curl -s -X PUT http://localhost:3002/api/prompts/support-reply/labels/production -H "Authorization: Bearer $PP_TOKEN" \\',
  "  -H 'Content-Type: application/json' -d '{\"version\": 1}'",
  'curl -s "http://localhost:3002/api/prompts/support-reply?label=production" -H "Authorization: Bearer $PP_TOKEN"',
  '```',
  '',
];

export function restApiMarkdown(): string {
  const doc = openApiDocument() as unknown as Doc;
  const components = doc.components.schemas;
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );
  const lines = [
    '# The REST API',
    '',
    '<!-- Generated from the OpenAPI document (proxy-server/src/openapi) by `npm run docs:api`: edit the source, not this page. -->',
    '',
    doc.info.description ?? '',
    '',
    `The document itself, OpenAPI ${doc.openapi}: \`GET /api/openapi.json\` on any server (version ${doc.info.version}). The clients: the TypeScript SDK (\`sdk/\`), the Python client (\`sdk-python/\`) and the CLI (\`cli/\`).`,
    '',
    '## Signing in',
    '',
    ...Object.entries(doc.components.securitySchemes).map(
      ([name, s]) =>
        `- **${name}** (${s.type}${s.scheme ? ` ${s.scheme}` : ''}${s.in ? ` in a ${s.in} \`${s.name}\`` : ''}): ${s.description}`,
    ),
    '',
    ...QUICK_START,
    '## Every route',
    '',
    ...table(
      ['method', 'path', 'what', 'access'],
      operations.map(({ path, method, op }) => [method.toUpperCase(), `\`${path}\``, cell(op.summary), accessOf(op)]),
    ),
  ];
  for (const tag of doc.tags ?? []) {
    lines.push(`## ${tag.name}`, '', tag.description ?? '', '');
    for (const { path, method, op } of operations.filter((o) => o.op.tags[0] === tag.name))
      lines.push(...operationSection(method, path, op, components));
  }
  lines.push(
    '## Errors',
    '',
    'Every refusal and failure names its code in the `Error-Code` response header. A code is stable: branch on it, not on the sentence in `error`.',
    '',
    ...table(
      ['code', 'status', 'means'],
      Object.entries(API_ERROR_CODES).map(([code, { status, meaning }]) => [
        `\`${code}\``,
        String(status),
        cell(meaning),
      ]),
    ),
  );
  lines.push('## Schemas', '', 'The named shapes the routes above take and answer.', '');
  for (const [name, schema] of Object.entries(components))
    lines.push(
      `### ${name}`,
      '',
      ...(schema.description ? [schema.description, ''] : []),
      ...fieldsTable(schema, components),
    );
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
