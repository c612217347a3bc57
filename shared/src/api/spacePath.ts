/**
 * [teams] Where an account-data call goes in the chosen space. In an organization, the data the
 * organization shares (prompts and their webhook and share links, test sets, evaluations,
 * optimizations, runs, offline runs recorded, the history of runs, tokens) lives under
 * /api/orgs/<slug>/...; everything a person keeps for themself (favorites, progress, settings, drafts, the rest of /api/me) stays put.
 * `send` passes every /api path through here, so no client can forget it.
 */
// By package path: each remote must read the one shared space store, not a bundled copy.
import { spaceStore } from '@prompt-perfect/shared/orgs/spaceStore';

/** The first segment after /api of the paths that belong to the space, and what it becomes there. */
const SPACE_ROUTES: Record<string, string> = {
  prompts: 'prompts',
  'test-sets': 'test-sets',
  evaluations: 'evaluations',
  optimizations: 'optimizations',
  generate: 'generate',
  claude: 'claude',
  tokens: 'tokens',
  'share-links': 'share-links',
  'me/history': 'history',
  'me/runs': 'runs',
};

const SPACE_PATH = new RegExp(
  `^/api/(${Object.keys(SPACE_ROUTES)
    .map((k) => k.replace('-', '\\-'))
    .join('|')})(?=[/?]|$)`,
);

/** `path` as the space whose organization slug is `slug` (null: the personal space) serves it. */
export function pathInSpace(path: string, slug: string | null): string {
  if (slug === null) return path;
  return path.replace(SPACE_PATH, (_, first: string) => `/api/orgs/${encodeURIComponent(slug)}/${SPACE_ROUTES[first]}`);
}

/** `path` in the space chosen now. */
export const spacePath = (path: string): string => pathInSpace(path, spaceStore.getState().activeOrg?.slug ?? null);
