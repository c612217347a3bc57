/**
 * [teams] The account-data routes of an organization's space: each personal route of prompts,
 * [prove], model calls, history and offline runs also exists under /api/orgs/{org}/..., with the organization's
 * data and the caller's role. Derived from the personal operations so the two never drift apart.
 */
import { z } from 'zod';
import type { Operation } from '../operation';
import { accountOperations } from './account';
import { modelOperations } from './models';
import { promptOperations } from './prompts';
import { proveOperations } from './prove';

const org = z
  .string()
  .meta({ description: "The organization's slug or id (one of yours: GET /api/orgs).", example: 'acme' });

const IN_ORG =
  "In the organization's space: it reads and writes the organization's data (a version or label move still names the person who made it). A model call counts against your own daily budget; a Perfect's progress is yours, its history the organization's.";
const NOT_MEMBER = 'No organization of that slug or id among yours: a non-member gets exactly this answer.';
const ROLE = 'Your role in the organization does not allow this (`role_forbids`; see GET /api/orgs for your role).';

/** `/api/me/history` and `/api/me/runs` lose their `/me`; every other route keeps its path after /api. */
const orgPath = (path: string) => `/api/orgs/{org}${path.slice('/api'.length).replace(/^\/me\//, '/')}`;

const join = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(' ');

function inOrganization(op: Operation): Operation {
  const errors = op.errors ?? {};
  return {
    ...op,
    path: orgPath(op.path),
    tag: 'Organization spaces',
    summary: `${op.summary} (organization)`,
    description: join(op.description, IN_ORG),
    params: op.params ? op.params.extend({ org }) : z.object({ org }),
    errors: {
      ...errors,
      403: join(errors[403], op.access === 'sessionOrToken' ? `The API token lacks the scope, or: ${ROLE}` : ROLE),
      404: join(errors[404], NOT_MEMBER),
    },
  };
}

const HISTORY = accountOperations.filter((op) => op.path === '/api/me/history' || op.path === '/api/me/runs');

export const orgSpaceOperations: Operation[] = [
  ...promptOperations,
  ...proveOperations,
  ...modelOperations,
  ...HISTORY,
].map(inOrganization);

export const ORG_SPACES_TAG = {
  name: 'Organization spaces',
  description:
    "Every account-data route (prompts, labels, webhooks, test sets, evaluations, optimizations, model calls, history, offline runs) also exists under `/api/orgs/{org}/...` for the organization's data. A caller who is not a member gets 404, exactly as for an organization that does not exist; a role that may not do the action gets 403 `role_forbids` (viewer: read; editor: also versions, unprotected labels, test sets, runs, import; admin: also protected labels, protection, webhooks; owner: everything). Favorites, progress, drafts and settings stay personal.",
};
