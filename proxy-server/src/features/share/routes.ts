/**
 * Share links in the request's space (/api/... for one's own, /api/orgs/:org/... for an organization):
 *   POST   /prompts/:name/share {version? | label?, expiresInDays?} -> 201 CreatedShareLink ('share.create')
 *   GET    /share-links[?prompt=]                                  -> { items: ShareLinkInfo[] } ('read')
 *   DELETE /share-links/:id                                        -> 204 (its maker, or 'share.revoke-any')
 * The public side, GET /shared/:token, is in sharedRoutes.ts.
 */
import { randomBytes } from 'node:crypto';
import express, { type Request, type RequestHandler, type Router } from 'express';
import { PROMPT_NAME, PROMPT_NAME_RULE } from '@prompt-perfect/core/api/registry';
import type { CreatedShareLink, ShareLinkInfo } from '@prompt-perfect/core/api/orgs';
import { signedInUser } from '../../auth/requireUser';
import { requireAction } from '../../auth/space';
import { BadRequest, NotFound } from '../../http/httpError';
import { idParam } from '../../http/idParam';
import { parseBody } from '../../http/validate';
import type { AuditLog } from '../audit/auditLog';
import { hashToken } from '../tokens/tokenRows';
import type { ShareLinkStore } from './shareLinks';
import { ShareSchema } from './schemas';
import { SHARE_PAGE_PATH } from './sharePage';

const DAY_MS = 24 * 60 * 60 * 1000;

function nameParam(raw: string | undefined): string {
  if (!raw || !PROMPT_NAME.test(raw)) throw new BadRequest(`A prompt name uses ${PROMPT_NAME_RULE}.`);
  return raw;
}

/** The page's address, absolute with the name this request reached us by (the host allow-list vouches for it). */
const pageUrl = (req: Request, token: string) =>
  `${req.host ? `${req.protocol}://${req.host}` : ''}${SHARE_PAGE_PATH}/${token}`;

const what = (link: ShareLinkInfo) =>
  link.label === null ? `${link.prompt} v${link.version}` : `${link.prompt} @${link.label}`;

export interface ShareRouteDeps {
  store: ShareLinkStore;
  audit: AuditLog;
}

export function createShareRoutes({ store, audit }: ShareRouteDeps, guards: RequestHandler[]): Router {
  const router = express.Router();
  router.use(['/prompts/:name/share', '/share-links'], ...guards);
  const actor = (req: Request) => {
    const user = signedInUser(req);
    return { id: user.id, name: user.name || user.email || user.id };
  };

  router.post('/prompts/:name/share', async (req, res) => {
    const space = requireAction(req, 'share.create');
    const name = nameParam(req.params.name);
    const body = parseBody(ShareSchema, req);
    const maker = actor(req);
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    const out = await store.create(
      {
        ownerId: space.ownerId,
        prompt: name,
        target: body.label === undefined ? { version: body.version as number } : { label: body.label },
        maker,
        tokenHash: hashToken(token),
        expiresAt: body.expiresInDays === undefined ? null : now + body.expiresInDays * DAY_MS,
      },
      now,
    );
    if (out === 'no-prompt') throw new NotFound(`No prompt named '${name}'.`);
    if (out === 'no-version') throw new NotFound(`The prompt '${name}' has no version ${body.version}.`);
    if (out === 'no-label') throw new NotFound(`The prompt '${name}' has no label '${body.label}'.`);
    const expiry = out.expiresAt ? `, until ${out.expiresAt.slice(0, 10)}` : '';
    await audit.record(
      {
        ownerId: space.ownerId,
        actor: maker,
        action: 'share.create',
        prompt: name,
        summary: `shared ${what(out)}${expiry}`,
        details: { linkId: out.id, version: out.version, label: out.label, expiresAt: out.expiresAt },
      },
      now,
    );
    res.status(201).json({ url: pageUrl(req, token), info: out } satisfies CreatedShareLink);
  });

  router.get('/share-links', async (req, res) => {
    const space = requireAction(req, 'read');
    const prompt = req.query.prompt === undefined ? undefined : nameParam(String(req.query.prompt));
    const items = await store.list(space.ownerId);
    res.json({ items: prompt === undefined ? items : items.filter((l) => l.prompt === prompt) });
  });

  router.delete('/share-links/:id', async (req, res) => {
    const space = requireAction(req, 'read');
    const id = idParam(req.params.id);
    const link = await store.get(space.ownerId, id);
    if (!link) throw new NotFound('No share link with that id here (it may belong to another space).');
    const me = actor(req);
    if (link.createdBy !== me.id) requireAction(req, 'share.revoke-any');
    const now = Date.now();
    await store.revoke(space.ownerId, id, now);
    if (link.revokedAt === null)
      await audit.record(
        {
          ownerId: space.ownerId,
          actor: me,
          action: 'share.revoke',
          prompt: link.prompt,
          summary: `revoked the link to ${what(link)}`,
          details: { linkId: link.id, createdBy: link.createdBy },
        },
        now,
      );
    res.status(204).end();
  });

  return router;
}
