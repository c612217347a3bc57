/** /api/prompts: the caller's named prompts, their versions and labels; see core/api/registry for the table. */
import express, { type Request, type RequestHandler, type Router } from 'express';
import {
  EXPORT_FORMATS,
  type FetchedPrompt,
  LABEL_NAME,
  type LabelMovedEvent,
  PROMPT_NAME,
  PROMPT_NAME_RULE,
  type PromptLabels,
} from '@prompt-perfect/core/api/registry';
import { signedInUser } from '../../auth/requireUser';
import { BadRequest, Conflict, NotFound } from '../../http/httpError';
import { parseBody } from '../../http/validate';
import { etagOf, notModified } from './etag';
import { MoveLabelSchema, SaveVersionSchema, UndoSchema } from './schemas';
import type { PromptSelector, PromptStore } from './promptStore';
import type { TestSetStore } from '../prove/testSets';
import { ImportSchema, readImport, writeExport } from './importExport';
import { idParam } from '../../http/idParam';
import type { WebhookDispatcher } from './webhookDispatcher';
import type { WebhookStore } from './webhookStore';
import { createPromptWebhookRoutes } from './webhookRoutes';

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
}

export function createPromptRoutes(
  { store, testSets, webhooks, dispatcher, webhookAllowPrivate }: PromptRouteDeps,
  guards: RequestHandler[],
): Router {
  const router = express.Router();
  router.use('/prompts', ...guards);
  router.use(createPromptWebhookRoutes(webhooks, webhookAllowPrivate));
  const author = (req: Request) => signedInUser(req);
  /** The move this request recorded (if it moved anything), to the account's webhook. */
  const announce = (req: Request, prompt: string, label: string, labels: PromptLabels, now: number) => {
    const m = labels.moves[0];
    if (!m || m.label !== label || m.movedAt !== new Date(now).toISOString()) return;
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
    void dispatcher.notify(author(req).id, event);
  };

  // `_import` and `_export` can never be prompt names (a name starts with a letter or digit).
  router.post('/prompts/_import', async (req, res) => {
    const { format, content } = parseBody(ImportSchema, req);
    const out = await store.importBundle(author(req), readImport(format, content), Date.now());
    if ('protectedLabel' in out)
      throw new Conflict(
        `Nothing was imported: the label '${out.protectedLabel}' of ${out.name} is protected. Unprotect it first.`,
        { code: 'label_protected' },
      );
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
      testSet = await testSets.get(author(req).id, idParam(String(req.query.testSet)));
      if (!testSet) throw new NotFound('That test set is not in your account (it may have been deleted).');
    }
    const body = await writeExport(store, author(req).id, {
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
    res.json({ items: await store.list(author(req).id) });
  });

  router.get('/prompts/:name', async (req, res) => {
    const name = nameParam(req.params.name);
    const selector = selectorOf(req);
    const found = await store.resolve(author(req).id, name, selector);
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
    const name = nameParam(req.params.name);
    const input = parseBody(SaveVersionSchema, req);
    res.status(201).json(await store.saveVersion(author(req), name, input, Date.now()));
  });

  router.get('/prompts/:name/versions', async (req, res) => {
    const name = nameParam(req.params.name);
    const items = await store.versions(author(req).id, name);
    if (!items) throw new NotFound(promptNotFound(name));
    res.json({ items });
  });

  router.get('/prompts/:name/labels', async (req, res) => {
    const name = nameParam(req.params.name);
    const labels = await store.labels(author(req).id, name);
    if (!labels) throw new NotFound(promptNotFound(name));
    res.json(labels);
  });

  router.put('/prompts/:name/labels/:label', async (req, res) => {
    const name = nameParam(req.params.name);
    const label = labelParam(req.params.label);
    const move = parseBody(MoveLabelSchema, req);
    const now = Date.now();
    const out = await store.moveLabel(author(req), name, label, move, now);
    if (out === 'no-prompt') throw new NotFound(promptNotFound(name));
    if (out === 'no-version') throw new NotFound(`The prompt '${name}' has no version ${move.version}.`);
    if (out === 'protected') throw new Conflict(labelProtected(label), { code: 'label_protected' });
    announce(req, name, label, out, now);
    res.json(out);
  });

  router.post('/prompts/:name/labels/:label/undo', async (req, res) => {
    const name = nameParam(req.params.name);
    const label = labelParam(req.params.label);
    const { confirm } = req.body === undefined ? { confirm: undefined } : parseBody(UndoSchema, req);
    const now = Date.now();
    const out = await store.undoLabel(author(req), name, label, confirm === true, now);
    if (out === 'no-prompt') throw new NotFound(promptNotFound(name));
    if (out === 'no-move') throw new NotFound(`The label '${label}' has not moved: there is nothing to undo.`);
    if (out === 'protected') throw new Conflict(labelProtected(label), { code: 'label_protected' });
    announce(req, name, label, out, now);
    res.json(out);
  });

  return router;
}
