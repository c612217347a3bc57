/**
 * [teams] The role matrix as the tests exercise it: each row is something a member does in an
 * organization's space through /api/orgs/:org/..., and which roles may. `npx tsx
 * proxy-server/test/orgRoleMatrix.ts` prints it as a markdown table.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OrgRole } from '@prompt-perfect/core/api/orgs';
import { generateBody, type JsonResponse, request } from './helpers';
import { JUDGE, MODEL, simulatedSet } from './proveHelpers';

export interface MatrixContext {
  url: string;
  /** /api/orgs/<slug> */
  base: string;
  cookie: string;
  /** A saved test set of the organization. */
  testSetId: number;
  /** A fresh name for each call, so calls of one row never collide. */
  unique(prefix: string): string;
}

type Call = (ctx: MatrixContext) => Promise<JsonResponse>;

const call = (ctx: MatrixContext, path: string, init: { method?: string; body?: unknown } = {}) =>
  request(`${ctx.url}${ctx.base}${path}`, { ...init, cookie: ctx.cookie });

/** The prompt every row works on: `welcome` with versions 1 and 2, `staging` (free) and `production` (protected). */
export const PROMPT = 'welcome';

/** Moves `label` to whichever of versions 1 and 2 it is not on now: a real move every time. */
const moveToOther = async (ctx: MatrixContext, label: string, extra: Record<string, unknown> = {}) => {
  const labels = (await call(ctx, `/prompts/${PROMPT}/labels`)).body.labels as Array<{
    label: string;
    version: number;
  }>;
  const now = labels.find((l) => l.label === label)?.version;
  return call(ctx, `/prompts/${PROMPT}/labels/${label}`, {
    method: 'PUT',
    body: { version: now === 1 ? 2 : 1, ...extra },
  });
};

const langfuseFile = readFileSync(
  fileURLToPath(new URL('./fixtures/registry/langfuse-prompts.json', import.meta.url)),
  'utf8',
);

export interface MatrixRow {
  action: string;
  /** The answer when the role may. */
  ok: number;
  allowed: readonly OrgRole[];
  run: Call;
}

const ALL: readonly OrgRole[] = ['owner', 'admin', 'editor', 'viewer'];
const WRITERS: readonly OrgRole[] = ['owner', 'admin', 'editor'];
const ADMINS: readonly OrgRole[] = ['owner', 'admin'];

export const ROLE_MATRIX: readonly MatrixRow[] = [
  { action: 'read a prompt', ok: 200, allowed: ALL, run: (c) => call(c, `/prompts/${PROMPT}?label=production`) },
  { action: 'read the history', ok: 200, allowed: ALL, run: (c) => call(c, '/history') },
  { action: 'read a test set', ok: 200, allowed: ALL, run: (c) => call(c, `/test-sets/${c.testSetId}`) },
  {
    action: 'save a version',
    ok: 201,
    allowed: WRITERS,
    run: (c) => call(c, `/prompts/${c.unique('draft')}/versions`, { body: { text: 'Hello {{name}}.' } }),
  },
  { action: 'move an unprotected label', ok: 200, allowed: WRITERS, run: (c) => moveToOther(c, 'staging') },
  {
    action: 'move a protected label',
    ok: 200,
    allowed: ADMINS,
    run: (c) => moveToOther(c, 'production', { confirm: true }),
  },
  {
    action: 'protect a label',
    ok: 200,
    allowed: ADMINS,
    run: (c) =>
      call(c, `/prompts/${PROMPT}/labels/${c.unique('guarded')}`, {
        method: 'PUT',
        body: { version: 1, protected: true },
      }),
  },
  {
    action: 'write a test set',
    ok: 201,
    allowed: WRITERS,
    run: (c) => call(c, '/test-sets', { body: simulatedSet(2, c.unique('set')) }),
  },
  {
    action: 'run an evaluation',
    ok: 200,
    allowed: WRITERS,
    run: (c) =>
      call(c, '/evaluations', { body: { ...MODEL, testSetId: c.testSetId, prompt: 'Answer kindly.', judge: JUDGE } }),
  },
  {
    action: 'generate (a model call)',
    ok: 200,
    allowed: WRITERS,
    run: (c) => call(c, '/generate', { body: generateBody() }),
  },
  {
    action: 'import prompts',
    ok: 201,
    allowed: WRITERS,
    run: (c) => call(c, '/prompts/_import', { body: { format: 'langfuse', content: langfuseFile } }),
  },
  {
    action: 'manage the webhook',
    ok: 200,
    allowed: ADMINS,
    run: (c) => call(c, '/prompts/_webhook', { method: 'PUT', body: { url: 'http://127.0.0.1:9/hook' } }),
  },
];

export const ROLES = ALL;

export function matrixMarkdown(rows: readonly MatrixRow[] = ROLE_MATRIX): string {
  const head = `| action | ${ROLES.join(' | ')} |\n|---|${ROLES.map(() => '---').join('|')}|`;
  const lines = rows.map(
    (r) =>
      `| ${r.action} | ${ROLES.map((role) => (r.allowed.includes(role) ? `allowed (${r.ok})` : 'denied (403)')).join(' | ')} |`,
  );
  return [head, ...lines].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) console.log(matrixMarkdown());
