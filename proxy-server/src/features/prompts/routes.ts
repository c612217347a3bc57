/**
 * /api/prompts (and /api/orgs/:org/prompts): the space's named prompts, their versions and labels;
 * see core/api/registry for the table. Rows belong to the request's space; created_by and moved_by
 * name the person. Each write is checked against the caller's role (auth/space.ts).
 */
import express, { type Request, type RequestHandler, type Router } from 'express';
import {
  EXPORT_FORMATS,
  type FetchedPrompt,
  type ImportSummary,
  LABEL_NAME,
  type LabelMove,
  type LabelMovedEvent,
  type MoveLabel,
  PROMPT_NAME,
  PROMPT_NAME_RULE,
  type PromptLabels,
} from '@prompt-perfect/core/api/registry';
import { signedInUser } from '../../auth/requireUser';
import { mayDo, requireAction, spaceOf } from '../../auth/space';
import type { AuditLog } from '../audit/auditLog';
import { BadRequest, Conflict, NotFound } from '../../http/httpError';
import { parseBody } from '../../http/validate';
import { etagOf, notModified } from './etag';
import { MoveLabelSchema, SaveVersionSchema, UndoSchema } from './schemas';
import type { Author, PromptSelector, PromptStore } from './promptStore';
import type { TestSetStore } from '../prove/testSets';
import { ImportSchema, readImport, writeExport } from './importExport';
import { idParam } from '../../http/idParam';
import type { WebhookDispatcher } from './webhookDispatcher';
import type { WebhookStore } from './webhookStore';
import { createPromptWebhookRoutes } from './webhookRoutes';
import { type AuditEntryInput, recordIn } from './auditEntries';

const promptNotFound = (name: string) => `No prompt named '${name}'.`;
const labelProtected = (label: string) => `The label '${label}' is protected: send "confirm": true to move it.`;

function nameParam(raw: string | undefined): string {
  if (!raw || !PROMPT_NAME.test(raw)) throw new BadRequest(`A prompt name uses ${PROMPT_NAME_RULE}.`);
  return raw;
}

function labelParam(raw: unknown): string {
  if (typeof raw !== 'string' || !LABEL_NAME.test(raw))
    throw new BadRequest('A label uses lowercase letters, digits, - and _ (at most 40 characters).');
  return raw;
}

function selectorOf(req: Request): PromptSelector {
  const { label, version } = req.query;
  if (label !== undefined && version !== undefined) throw new BadRequest('Ask for a label or a version, not both.');
  if (label !== undefined) return { label: labelParam(label) };
  if (version === undefined) return { newest: true };
  if (typeof version !== 'string' || !/^[1-9]\d{0,8}$/.test(version))
    throw new BadRequest('The version must be a whole number from 1.');
  return { version: Number(version) };
}

export interface PromptRouteDeps {
  store: PromptStore;
  testSets: TestSetStore;
  webhooks: WebhookStore;
  /** WEBHOOK_ALLOW_PRIVATE */
  webhookAllowPrivate: boolean;
  dispatcher: WebhookDispatcher;
  /** Records versions, label moves, protection and imports; absent until the audit log is wired. */
  audit?: AuditLog;
}

export function createPromptRoutes(
  { store, testSets, webhooks, dispatcher, webhookAllowPrivate, audit }: PromptRouteDeps,
  guards: RequestHandler[],
): Router {
  const router = express.Router();
  router.use('/prompts', ...guards);
  const record = recordIn(audit);
  router.use(createPromptWebhookRoutes(webhooks, webhookAllowPrivate, record));
  /** The person writing, in the request's space. */
  const author = (req: Request): Author => ({ ...personOf(req), ownerId: spaceOf(req).ownerId });
  const owner = (req: Request) => requireAction(req, 'read').ownerId;
  /** The move this request recorded (if it moved anything), to the space's webhook. */
  const announce = (req: Request, prompt: string, label: string, labels: PromptLabels, now: number) => {
    const m = labels.moves[0];
    if (!m || m.label !== label || m.movedAt !== new Date(now).toISOString()) return undefined;
    const event: LabelMovedEvent = {
      event: 'label.moved',
      prompt,
      label,
      fromVersion: m.fromVersion,
      toVersion: m.toVersion,
      movedBy: m.movedBy,
      movedAt: m.movedAt,
      undo: m.undo,
    };
    void dispatcher.notify(spaceOf(req).ownerId, event);
    return m;
  };

  // `_import` and `_export` can never be prompt names (a name starts with a letter or digit).
  router.post('/prompts/_import', async (req, res) => {
    requireAction(req, 'prompt.import');
    const { format, content } = parseBody(ImportSchema, req);
    const out = await store.importBundle(author(req), readImport(format, content), Date.now());
    if ('protectedLabel' in out)
      throw new Conflict(
        `Nothing was imported: the label '${out.protectedLabel}' of ${out.name} is protected. Unprotect it first.`,
        { code: 'label_protected' },
      );
    await record(req, {
      action: 'prompt.import',
      summary: importSummary(format, out),
      details: { format, prompts: out.prompts, testSets: out.testSets },
    });
    res.status(201).json(out);
  });

  router.get('/prompts/_export', async (req, res) => {
    const format = req.query.format;
    if (!EXPORT_FORMATS.includes(format as (typeof EXPORT_FORMATS)[number]))
      throw new BadRequest(`Export format must be one of ${EXPORT_FORMATS.join(', ')}.`);
    const names =
      typeof req.query.names === 'string' ? req.query.names.split(',').map((n) => nameParam(n.trim())) : null;
    const label = req.query.label === undefined ? null : labelParam(req.query.label);
    let testSet: Awaited<ReturnType<TestSetStore['get']>>;
    if (req.query.testSet !== undefined) {
      testSet = await testSets.get(owner(req), idParam(String(req.query.testSet)));
      if (!testSet) throw new NotFound('That test set is not in your account (it may have been deleted).');
    }
    const body = await writeExport(store, owner(req), {
      format: format as (typeof EXPORT_FORMATS)[number],
      names,
      label,
      testSet,
    });
    const yaml = format === 'promptfoo';
    res.type(yaml ? 'application/yaml' : 'application/json');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${yaml ? 'promptfooconfig.yaml' : 'langfuse-prompts.json'}"`,
    );
    res.send(body);
  });

  router.get('/prompts', async (req, res) => {
    res.json({ items: await store.list(owner(req)) });
  });

  router.get('/prompts/:name', async (req, res) => {
    const name = nameParam(req.params.name);
    const selector = selectorOf(req);
    const found = await store.resolve(owner(req), name, selector);
    if (found === 'no-prompt') throw new NotFound(promptNotFound(name));
    if (found === 'no-label')
      throw new NotFound(`The prompt '${name}' has no label '${(selector as { label: string }).label}'.`);
    if (found === 'no-version')
      throw new NotFound(`The prompt '${name}' has no version ${(selector as { version: number }).version}.`);
    const body = JSON.stringify(found satisfies FetchedPrompt);
    const etag = etagOf(body);
    res.setHeader('ETag', etag);
    // Applications may keep the answer but must ask again (cheaply, with If-None-Match) before using it.
    res.setHeader('Cache-Control', 'private, no-cache');
    if (notModified(req, etag)) {
      res.status(304).end();
      return;
    }
    res.type('application/json').send(body);
  });

  router.post('/prompts/:name/versions', async (req, res) => {
    requireAction(req, 'version.save');
    const name = nameParam(req.params.name);
    const input = parseBody(SaveVersionSchema, req);
    const saved = await store.saveVersion(author(req), name, input, Date.now());
    await record(req, {
      action: 'version.save',
      prompt: name,
      summary: `v${saved.version}${input.message ? `: ${input.message}` : ''}`,
      details: { version: saved.version, message: saved.message },
    });
    res.status(201).json(saved);
  });

  router.get('/prompts/:name/versions', async (req, res) => {
    const name = nameParam(req.params.name);
    const items = await store.versions(owner(req), name);
    if (!items) throw new NotFound(promptNotFound(name));
    res.json({ items });
  });

  router.get('/prompts/:name/labels', async (req, res) => {
    const name = nameParam(req.params.name);
    const labels = await store.labels(owner(req), name);
    if (!labels) throw new NotFound(promptNotFound(name));
    res.json(labels);
  });

  router.put('/prompts/:name/labels/:label', async (req, res) => {
    const name = nameParam(req.params.name);
    const label = labelParam(req.params.label);
    requireAction(req, 'label.move');
    const move = parseBody(MoveLabelSchema, req);
    const before = await currentLabel(req, name, label);
    if (move.protected !== undefined && move.protected !== (before?.protected ?? false))
      requireAction(req, 'label.protect');
    if (before?.protected && before.version !== move.version) requireAction(req, 'label.move-protected');
    const now = Date.now();
    const out = await store.moveLabel(author(req), name, label, withPermittedConfirm(req, move), now);
    if (out === 'no-prompt') throw new NotFound(promptNotFound(name));
    if (out === 'no-version') throw new NotFound(`The prompt '${name}' has no version ${move.version}.`);
    if (out === 'protected') throw new Conflict(labelProtected(label), { code: 'label_protected' });
    const moved = announce(req, name, label, out, now);
    if (moved) await record(req, moveEntry('label.move', name, moved));
    const after = out.labels.find((l) => l.label === label);
    if (after && after.protected !== (before?.protected ?? false))
      await record(req, {
        action: 'label.protect',
        prompt: name,
        summary: `${label}: ${after.protected ? 'protected' : 'unprotected'}`,
        details: { label, protected: after.protected },
      });
    res.json(out);
  });

  router.post('/prompts/:name/labels/:label/undo', async (req, res) => {
    const name = nameParam(req.params.name);
    const label = labelParam(req.params.label);
    requireAction(req, 'label.move');
    const { confirm } = req.body === undefined ? { confirm: undefined } : parseBody(UndoSchema, req);
    if ((await currentLabel(req, name, label))?.protected) requireAction(req, 'label.move-protected');
    const now = Date.now();
    const permitted = confirm === true && mayDo(spaceOf(req), 'label.move-protected');
    const out = await store.undoLabel(author(req), name, label, permitted, now);
    if (out === 'no-prompt') throw new NotFound(promptNotFound(name));
    if (out === 'no-move') throw new NotFound(`The label '${label}' has not moved: there is nothing to undo.`);
    if (out === 'protected') throw new Conflict(labelProtected(label), { code: 'label_protected' });
    const moved = announce(req, name, label, out, now);
    if (moved) await record(req, moveEntry('label.undo', name, moved));
    res.json(out);
  });

  /** The label as it is before this request changes it (undefined when the prompt or label is new). */
  const currentLabel = async (req: Request, name: string, label: string) =>
    (await store.labels(spaceOf(req).ownerId, name))?.labels.find((l) => l.label === label);

  return router;
}

const personOf = (req: Request) => {
  const { id, name, email } = signedInUser(req);
  return { id, name, email };
};

/**
 * A confirmation counts only from a role that may move protected labels, so a label protected
 * between the check above and the store's transaction still refuses (409) rather than moving.
 */
const withPermittedConfirm = (req: Request, move: MoveLabel): MoveLabel =>
  move.confirm && !mayDo(spaceOf(req), 'label.move-protected') ? { ...move, confirm: false } : move;

const versionWord = (v: number | null) => (v === null ? 'none' : `v${v}`);

const moveEntry = (action: 'label.move' | 'label.undo', prompt: string, m: LabelMove): AuditEntryInput => ({
  action,
  prompt,
  summary: `${m.label}: ${versionWord(m.fromVersion)} -> ${versionWord(m.toVersion)}`,
  details: { label: m.label, fromVersion: m.fromVersion, toVersion: m.toVersion },
});

const importSummary = (format: string, out: ImportSummary) => {
  const versions = out.prompts.reduce((n, p) => n + p.versions.length, 0);
  const names = out.prompts.map((p) => p.name).join(', ');
  return `${format}: ${versions} version${versions === 1 ? '' : 's'} of ${names || 'no prompts'}, ${out.testSets} test set${out.testSets === 1 ? '' : 's'}`;
};
