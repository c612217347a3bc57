/** [registry] named prompts: versions, labels, import and export, the label-move webhook. */
import { z } from 'zod';
import { EXPORT_FORMATS, LABEL_NAME, PROMPT_NAME, PROMPT_NAME_RULE } from '@prompt-perfect/core/api/registry';
import { ImportSchema } from '../../features/prompts/importExport';
import { MoveLabelSchema, SaveVersionSchema, UndoSchema } from '../../features/prompts/schemas';
import { WebhookSchema } from '../../features/prompts/webhookRoutes';
import type { Operation } from '../operation';
import {
  FetchedPromptSchema,
  ImportSummarySchema,
  PromptLabelsSchema,
  PromptListSchema,
  PromptVersionListSchema,
  PromptVersionSchema,
  SavedWebhookSchema,
  WebhookStatusSchema,
} from '../responses';

const name = z
  .string()
  .regex(PROMPT_NAME)
  .meta({ description: `The prompt's name: ${PROMPT_NAME_RULE}.`, example: 'support-reply' });
const label = z.string().regex(LABEL_NAME).meta({ example: 'production' });
const nameParams = z.object({ name });
const labelParams = z.object({ name, label });
const NO_PROMPT = { 404: 'No prompt of that name in your account.' };
const BAD_NAME = 'The name (or label) is not a valid one.';

export const promptOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/prompts',
    tag: 'Prompts',
    summary: 'Your named prompts',
    access: 'sessionOrToken',
    ok: { status: 200, description: 'Each prompt with its newest version and its labels.', schema: PromptListSchema },
  },
  {
    method: 'get',
    path: '/api/prompts/{name}',
    tag: 'Prompts',
    summary: 'Fetch a prompt by label, by version, or its newest version',
    description:
      'What an application calls at run time (the SDKs do). The answer carries an `ETag`; send it back in `If-None-Match` and an unchanged prompt answers `304` with no body. `Cache-Control: private, no-cache`: keep the answer, but ask again before using it.',
    access: 'sessionOrToken',
    params: nameParams,
    query: z.object({
      label: label.optional().meta({ description: 'A label such as production.' }),
      version: z
        .string()
        .regex(/^[1-9]\d{0,8}$/)
        .optional()
        .meta({ description: 'A version number (not with label).' }),
    }),
    headers: z.object({
      'if-none-match': z.string().optional().meta({ description: 'The ETag of the copy you hold.' }),
    }),
    ok: [
      {
        status: 200,
        description: 'The prompt.',
        schema: FetchedPromptSchema,
        headers: { ETag: 'Changes when the answer changes.' },
      },
      { status: 304, description: 'Unchanged since the ETag sent in If-None-Match.' },
    ],
    errors: {
      400: `${BAD_NAME} Or both label and version were given.`,
      404: 'No such prompt, label or version in your account.',
    },
  },
  {
    method: 'post',
    path: '/api/prompts/{name}/versions',
    tag: 'Prompts',
    summary: 'Save a new version (creates the prompt)',
    access: 'sessionOrToken',
    params: nameParams,
    body: SaveVersionSchema,
    bodyExample: { text: 'Answer {{customer}} about {{topic}}.', message: 'First version', model: 'gpt-4o-mini' },
    ok: { status: 201, description: 'The saved version.', schema: PromptVersionSchema },
    errors: { 400: `${BAD_NAME} Or a field is missing or too long.` },
  },
  {
    method: 'get',
    path: '/api/prompts/{name}/versions',
    tag: 'Prompts',
    summary: "A prompt's versions, newest first",
    access: 'sessionOrToken',
    params: nameParams,
    ok: { status: 200, description: 'Every version.', schema: PromptVersionListSchema },
    errors: NO_PROMPT,
  },
  {
    method: 'get',
    path: '/api/prompts/{name}/labels',
    tag: 'Prompts',
    summary: "A prompt's labels and their moves",
    access: 'sessionOrToken',
    params: nameParams,
    ok: { status: 200, description: 'The labels, and every move newest first.', schema: PromptLabelsSchema },
    errors: NO_PROMPT,
  },
  {
    method: 'put',
    path: '/api/prompts/{name}/labels/{label}',
    tag: 'Prompts',
    summary: 'Point a label at a version (creates the label)',
    description: 'A protected label moves only with `"confirm": true`. The move is POSTed to the account\'s webhook.',
    access: 'sessionOrToken',
    params: labelParams,
    body: MoveLabelSchema,
    bodyExample: { version: 2 },
    ok: { status: 200, description: 'The labels after the move.', schema: PromptLabelsSchema },
    errors: { 400: BAD_NAME, 404: 'No such prompt or version.', 409: 'The label is protected: send "confirm": true.' },
  },
  {
    method: 'post',
    path: '/api/prompts/{name}/labels/{label}/undo',
    tag: 'Prompts',
    summary: "Undo a label's last move",
    access: 'sessionOrToken',
    params: labelParams,
    body: UndoSchema,
    bodyExample: {},
    ok: { status: 200, description: 'The labels after the undo.', schema: PromptLabelsSchema },
    errors: {
      400: BAD_NAME,
      404: 'No such prompt, or the label has not moved.',
      409: 'The label is protected: send "confirm": true.',
    },
  },
  {
    method: 'post',
    path: '/api/prompts/_import',
    tag: 'Prompts',
    summary: 'Import prompts (and test sets) from promptfoo, Langfuse or OpenAI files',
    description: 'All of the file or nothing.',
    access: 'sessionOrToken',
    body: ImportSchema,
    bodyExample: { format: 'promptfoo', content: 'prompts:\n  - id: support-reply\n    raw: Answer {{customer}}.\n' },
    ok: { status: 201, description: 'What landed.', schema: ImportSummarySchema },
    errors: {
      400: 'The file cannot be read in that format, or a prompt in it breaks a limit.',
      409: 'A label it would move is protected.',
    },
  },
  {
    method: 'get',
    path: '/api/prompts/_export',
    tag: 'Prompts',
    summary: 'Export prompts as a promptfoo config or Langfuse JSON',
    access: 'sessionOrToken',
    query: z.object({
      format: z.enum(EXPORT_FORMATS),
      names: z.string().optional().meta({ description: 'Comma-separated prompt names (default: all).' }),
      label: label.optional().meta({ description: 'Export the version this label points at (default: the newest).' }),
      testSet: z.string().regex(/^\d+$/).optional().meta({ description: 'A test set to include as promptfoo tests.' }),
    }),
    ok: {
      status: 200,
      description: 'A download: promptfooconfig.yaml (format=promptfoo) or langfuse-prompts.json (format=langfuse).',
      schema: z.string(),
      contentType: ['application/yaml', 'application/json'],
    },
    errors: {
      400: 'Unknown format, or a name or label that is not valid.',
      404: 'No test set with that id in your account.',
    },
  },
  {
    method: 'get',
    path: '/api/prompts/_webhook',
    tag: 'Prompts',
    summary: "The account's label-move webhook and its recent deliveries",
    access: 'sessionOrToken',
    ok: { status: 200, description: 'The webhook (or null) and the last 50 deliveries.', schema: WebhookStatusSchema },
  },
  {
    method: 'put',
    path: '/api/prompts/_webhook',
    tag: 'Prompts',
    summary: 'Set the webhook URL (a new signing secret each time)',
    description:
      'A label move or undo POSTs `{ event: "label.moved", prompt, label, fromVersion, toVersion, movedBy, movedAt, undo }` with `X-Prompt-Perfect-Signature: sha256=<HMAC-SHA256 hex of the body>`, retried 3 times with back-off.',
    access: 'sessionOrToken',
    body: WebhookSchema,
    bodyExample: { url: 'https://ci.example.com/hooks/prompts' },
    ok: { status: 200, description: 'Saved; the secret is in this answer only.', schema: SavedWebhookSchema },
    errors: { 400: 'Not an http:// or https:// URL.' },
  },
  {
    method: 'delete',
    path: '/api/prompts/_webhook',
    tag: 'Prompts',
    summary: 'Remove the webhook',
    access: 'sessionOrToken',
    ok: { status: 204, description: 'Removed (or there was none).' },
  },
];
