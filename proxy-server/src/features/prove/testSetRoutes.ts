/** /api[/orgs/:org]/test-sets: drafting (nothing saved) and the space's saved sets. */
import { idParam } from '../../http/idParam';
import express, { type RequestHandler, type Router } from 'express';
import type { DraftTestSetRequest, DraftTestSetResponse, TestSetInput } from '@prompt-perfect/core/api/prove';
import { parseDraftAnswer } from '@prompt-perfect/core/prove/parse';
import { DRAFT_SYSTEM_PROMPT, draftUserMessage } from '@prompt-perfect/core/prove/prompts';
import { requireAction } from '../../auth/space';
import { parseBody } from '../../http/validate';
import { callModel, type CallContext } from './proveModels';
import { checkModels, loadTestSet, proveError, runSignal, TEST_SET_NOT_FOUND } from './routeHelpers';
import { DraftSchema, TestSetInputSchema } from './schemas';
import { NotFound } from '../../http/httpError';
import type { TestSetStore } from './testSets';
import type { ModelList } from '../models/models';

const DEFAULT_DRAFT_COUNT = 10;

export interface TestSetRouteDeps extends Omit<CallContext, 'req' | 'res'> {
  store: TestSetStore;
  /** One of the user's USER_MAX_CONCURRENT_RUNS, for routes that call models. */
  runSlot: RequestHandler;
  models: ModelList;
  testModel: string;
}

export function createTestSetRoutes(
  { store, providers, runs, budget, models, testModel, runSlot }: TestSetRouteDeps,
  guards: RequestHandler[],
): Router {
  const router = express.Router();
  router.use('/test-sets', ...guards);
  const readable = (req: express.Request) => requireAction(req, 'read').ownerId;
  const writable = (req: express.Request) => requireAction(req, 'test-set.write').ownerId;

  router.post('/test-sets/draft', runSlot, async (req, res) => {
    requireAction(req, 'spend');
    const body: DraftTestSetRequest = parseBody(DraftSchema, req);
    checkModels(providers, models, testModel, body);
    const count = body.count ?? DEFAULT_DRAFT_COUNT;
    try {
      const out = await callModel(
        { providers, runs, budget, req, res },
        body,
        DRAFT_SYSTEM_PROMPT,
        draftUserMessage(body.task, count),
        runSignal(res),
      );
      const draft: DraftTestSetResponse = parseDraftAnswer(out.text);
      res.json(draft);
    } catch (err) {
      throw proveError(err);
    }
  });

  router.get('/test-sets', async (req, res) => {
    res.json({ items: await store.list(readable(req)) });
  });

  router.post('/test-sets', async (req, res) => {
    const owner = writable(req);
    const input: TestSetInput = parseBody(TestSetInputSchema, req);
    res.status(201).json(await store.create(owner, input, Date.now()));
  });

  router.get('/test-sets/:id', async (req, res) => {
    res.json(await loadTestSet(store, readable(req), idParam(req.params.id)));
  });

  router.put('/test-sets/:id', async (req, res) => {
    const owner = writable(req);
    const id = idParam(req.params.id);
    const input: TestSetInput = parseBody(TestSetInputSchema, req);
    const updated = await store.update(owner, id, input, Date.now());
    if (!updated) throw new NotFound(TEST_SET_NOT_FOUND);
    res.json(updated);
  });

  router.delete('/test-sets/:id', async (req, res) => {
    if (!(await store.remove(writable(req), idParam(req.params.id)))) throw new NotFound(TEST_SET_NOT_FOUND);
    res.status(204).end();
  });

  return router;
}
