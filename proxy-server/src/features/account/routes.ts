/** /api/me: the signed-in user's own data. Every id is looked up within the caller's account. */
import express, { type RequestHandler, type Router } from 'express';
import {
  ALREADY_IMPORTED,
  FAVORITES_FULL,
  HISTORY_PAGE_DEFAULT,
  type AccountExport,
  type DailyBudgetStatus,
  type ImportResult,
} from '@prompt-perfect/core/api/account';
import { ACCOUNT_DELETED_DURING_RUN } from '@prompt-perfect/core/messages';
import { maxXpForRuns } from '@prompt-perfect/core/progress/levels';
import type { RunRecorder } from './runRecorder';
import {
  HistoryQuerySchema,
  ImportedFavoriteSchema,
  ImportedStatsSchema,
  ImportSchema,
  NewFavoriteSchema,
  OfflineRunSchema,
  SettingsSchema,
} from './schemas';
import type { SessionStore } from '../../auth/sessionStore';
import { signedInUser } from '../../auth/requireUser';
import { requireAction } from '../../auth/space';
import { BadRequest, Conflict, Gone, NotFound } from '../../http/httpError';
import { parseBody } from '../../http/validate';
import type { DailyBudget } from '../runs/dailyBudget';
import type { RunTracker } from '../runs/runTracker';
import type { TestSetStore } from '../prove/testSets';
import type { UserDataStore } from './userData';
import { idParam } from '../../http/idParam';
import type { OrgStore } from '../orgs/orgStore';
import { soleOwnerRefusal } from '../orgs/soleOwner';

const FAVORITE_NOT_FOUND = 'That favorite is not in your account (it may have been removed already).';

export interface MeRouteDeps {
  store: UserDataStore;
  /** Exported with the rest of the account's data. */
  testSets: TestSetStore;
  recorder: RunRecorder;
  /** Ends the caller's local session (local identity), so Delete my data also signs out. */
  endSession(req: express.Request, res: express.Response): Promise<void>;
  /** Delete my data also ends the user's other sessions... */
  sessions: SessionStore;
  /** ...and stops their model calls in flight. */
  runs: RunTracker;
  budget: DailyBudget;
  /** After the deletion: no copy of the deleted rows left in the database files (see Storage). */
  scrubDeleted(): Promise<void>;
  /** [teams] An account that is an organization's only owner is not deleted (the organization would have none). */
  orgs: Pick<OrgStore, 'soleOwnerships'>;
}

/**
 * GET /api/me/history, and /api/orgs/:org/history: the runs made in the request's space, newest first.
 */
function listHistory(store: UserDataStore): RequestHandler {
  return async (req, res) => {
    const { ownerId } = requireAction(req, 'read');
    const parsed = HistoryQuerySchema.safeParse(req.query);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new BadRequest(`Query parameter '${issue.path.join('.')}' ${issue.message}`);
    }
    const { cursor, limit, q, chain } = parsed.data;
    res.json(
      await store.listHistory(ownerId, {
        before: cursor ? Number(cursor) : undefined,
        limit: limit ?? HISTORY_PAGE_DEFAULT,
        text: q?.trim() || undefined,
        chainId: chain ? Number(chain) : undefined,
      }),
    );
  };
}

/**
 * POST /api/me/runs, and /api/orgs/:org/runs: a run of the offline optimizer. There is no model call
 * to piggy-back on, so it is recorded here: in the request's space's history, in the person's own
 * progress (as a model run is). A viewer, who may not run, may not record one either.
 */
function recordOfflineRun(recorder: RunRecorder): RequestHandler {
  return async (req, res) => {
    const { ownerId } = requireAction(req, 'spend');
    const person = signedInUser(req).id;
    const { output, ...run } = parseBody(OfflineRunSchema, req);
    if (!output.trim()) throw new BadRequest("Field 'output' must not be empty.");
    const startedAt = Date.now();
    await recorder.checkRefines(ownerId, run);
    res.status(201).json(await recorder.record(ownerId, run, output, 'offline', 'offline', startedAt, { person }));
  };
}

/**
 * GET /api/orgs/:org/history (`guards`) and POST /api/orgs/:org/runs (`runGuards`: the session only,
 * as /api/me/runs), on the organization's space router.
 */
export function createOrgHistoryRoutes(
  { store, recorder }: Pick<MeRouteDeps, 'store' | 'recorder'>,
  guards: RequestHandler[],
  runGuards: RequestHandler[],
): Router {
  return express
    .Router()
    .get('/history', ...guards, listHistory(store))
    .post('/runs', ...runGuards, recordOfflineRun(recorder));
}

/** `historyGuards` may also let a personal API token read the history (the rest of /me is session only). */
export function createMeRoutes(
  { store, testSets, recorder, endSession, sessions, runs, budget, scrubDeleted, orgs }: MeRouteDeps,
  guards: RequestHandler[],
  historyGuards = guards,
): Router {
  const router = express.Router();
  const userId = (req: express.Request) => signedInUser(req).id;

  // Before the session-only guard below, which it answers instead of.
  router.get('/me/history', ...historyGuards, listHistory(store));

  router.use('/me', ...guards);

  router.get('/me/settings', async (req, res) => {
    res.json({ settings: await store.getSettings(userId(req)) });
  });

  router.put('/me/settings', async (req, res) => {
    const settings = parseBody(SettingsSchema, req);
    res.json({ settings: await store.putSettings(userId(req), settings) });
  });

  router.get('/me/budget', async (req, res) => {
    const body: DailyBudgetStatus = await budget.status(userId(req));
    res.json(body);
  });

  router.get('/me/favorites', async (req, res) => {
    res.json({ favorites: await store.listFavorites(userId(req)) });
  });

  router.post('/me/favorites', async (req, res) => {
    const favorite = parseBody(NewFavoriteSchema, req);
    const result = await store.addFavorite(userId(req), favorite, Date.now());
    if (result === 'full') throw new Conflict(FAVORITES_FULL, { code: 'limit_reached' });
    res.status(result.created ? 201 : 200).json({ favorite: result.favorite });
  });

  router.delete('/me/favorites/:id', async (req, res) => {
    if (!(await store.removeFavorite(userId(req), idParam(req.params.id)))) throw new NotFound(FAVORITE_NOT_FOUND);
    res.status(204).end();
  });

  router.get('/me/progress', async (req, res) => {
    res.json({ stats: await store.getProgress(userId(req)) });
  });

  router.post('/me/runs', recordOfflineRun(recorder));

  router.post('/me/import', async (req, res) => {
    const body = parseBody(ImportSchema, req);
    const favorites = body.favorites.flatMap((f) => {
      const parsed = ImportedFavoriteSchema.safeParse(f);
      if (!parsed.success) return [];
      const { id, createdAt, ...fields } = parsed.data;
      return [{ ...fields, createdAt: createdAt ?? new Date(id).toISOString() }];
    });
    const claimed = ImportedStatsSchema.parse(body.stats);
    // A browser's counts are not verified: XP is held to what the rules could have awarded for its runs.
    const stats = { ...claimed, xp: Math.min(claimed.xp, maxXpForRuns(claimed.totalPrompts)) };
    const result = await store.importOnce(userId(req), { favorites, stats }, Date.now());
    if (result === 'already') throw new Conflict(ALREADY_IMPORTED);
    const answer: ImportResult = result;
    res.json(answer);
  });

  router.get('/me/export', async (req, res) => {
    const user = signedInUser(req);
    const data = await store.exportAll(user.id);
    const summaries = await testSets.list(user.id);
    const sets = (await Promise.all(summaries.map((s) => testSets.get(user.id, s.id)))).filter((s) => s !== undefined);
    const exportedAt = new Date().toISOString();
    const body: AccountExport = {
      exportedAt,
      user: { id: user.id, name: user.name, email: user.email },
      ...data,
      testSets: sets,
    };
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="prompt-perfect-export-${exportedAt.slice(0, 10)}.json"`,
    );
    res.json(body);
  });

  // The deletion is remembered first, so a run that finishes while the rest happens records nothing.
  router.delete('/me', async (req, res) => {
    const id = userId(req);
    const refusal = soleOwnerRefusal(await orgs.soleOwnerships(id));
    if (refusal) throw refusal;
    await store.deleteAll(id, Date.now());
    await runs.stopUser(id, new Gone(ACCOUNT_DELETED_DURING_RUN));
    await sessions.deleteAllOf(id);
    await endSession(req, res);
    try {
      await scrubDeleted();
    } catch (err) {
      // The data is deleted; only its leftover copies in the files wait for the next vacuum or checkpoint.
      req.log?.error({ err }, 'scrubbing the deleted account from the database files failed');
    }
    res.status(204).end();
  });

  return router;
}
