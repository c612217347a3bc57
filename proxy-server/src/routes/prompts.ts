/** /api/prompts: the caller's named prompts, their versions and labels; see core/api/registry for the table. */
import express, { type Request, type RequestHandler, type Router } from 'express';
import { LABEL_NAME, PROMPT_NAME, PROMPT_NAME_RULE, type FetchedPrompt } from '@prompt-perfect/core/api/registry';
import { signedInUser } from '../auth/requireUser';
import { HttpError } from '../httpError';
import { parseBody } from '../middleware/validate';
import { etagOf, notModified } from '../registry/etag';
import { MoveLabelSchema, SaveVersionSchema, UndoSchema } from '../registry/schemas';
import type { PromptSelector, PromptStore } from '../storage/registry/promptStore';

const promptNotFound = (name: string) => `No prompt named '${name}'.`;
const labelProtected = (label: string) => `The label '${label}' is protected: send "confirm": true to move it.`;

function nameParam(raw: string | undefined): string {
  if (!raw || !PROMPT_NAME.test(raw)) throw new HttpError(400, `A prompt name uses ${PROMPT_NAME_RULE}.`);
  return raw;
}

function labelParam(raw: unknown): string {
  if (typeof raw !== 'string' || !LABEL_NAME.test(raw)) throw new HttpError(400, 'A label uses lowercase letters, digits, - and _ (at most 40 characters).');
  return raw;
}

function selectorOf(req: Request): PromptSelector {
  const { label, version } = req.query;
  if (label !== undefined && version !== undefined) throw new HttpError(400, 'Ask for a label or a version, not both.');
  if (label !== undefined) return { label: labelParam(label) };
  if (version === undefined) return { newest: true };
  if (typeof version !== 'string' || !/^[1-9]\d{0,8}$/.test(version)) throw new HttpError(400, 'The version must be a whole number from 1.');
  return { version: Number(version) };
}

export function createPromptRoutes(store: PromptStore, guards: RequestHandler[]): Router {
  const router = express.Router();
  router.use('/prompts', ...guards);
  const author = (req: Request) => signedInUser(req);

  router.get('/prompts', async (req, res) => {
    res.json({ items: await store.list(author(req).id) });
  });

  router.get('/prompts/:name', async (req, res) => {
    const name = nameParam(req.params.name);
    const selector = selectorOf(req);
    const found = await store.resolve(author(req).id, name, selector);
    if (found === 'no-prompt') throw new HttpError(404, promptNotFound(name));
    if (found === 'no-label') throw new HttpError(404, `The prompt '${name}' has no label '${(selector as { label: string }).label}'.`);
    if (found === 'no-version') throw new HttpError(404, `The prompt '${name}' has no version ${(selector as { version: number }).version}.`);
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
    if (!items) throw new HttpError(404, promptNotFound(name));
    res.json({ items });
  });

  router.get('/prompts/:name/labels', async (req, res) => {
    const name = nameParam(req.params.name);
    const labels = await store.labels(author(req).id, name);
    if (!labels) throw new HttpError(404, promptNotFound(name));
    res.json(labels);
  });

  router.put('/prompts/:name/labels/:label', async (req, res) => {
    const name = nameParam(req.params.name);
    const label = labelParam(req.params.label);
    const move = parseBody(MoveLabelSchema, req);
    const out = await store.moveLabel(author(req), name, label, move, Date.now());
    if (out === 'no-prompt') throw new HttpError(404, promptNotFound(name));
    if (out === 'no-version') throw new HttpError(404, `The prompt '${name}' has no version ${move.version}.`);
    if (out === 'protected') throw new HttpError(409, labelProtected(label));
    res.json(out);
  });

  router.post('/prompts/:name/labels/:label/undo', async (req, res) => {
    const name = nameParam(req.params.name);
    const label = labelParam(req.params.label);
    const { confirm } = req.body === undefined ? { confirm: undefined } : parseBody(UndoSchema, req);
    const out = await store.undoLabel(author(req), name, label, confirm === true, Date.now());
    if (out === 'no-prompt') throw new HttpError(404, promptNotFound(name));
    if (out === 'no-move') throw new HttpError(404, `The label '${label}' has not moved: there is nothing to undo.`);
    if (out === 'protected') throw new HttpError(409, labelProtected(label));
    res.json(out);
  });

  return router;
}
