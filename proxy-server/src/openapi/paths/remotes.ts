/** Remote releases: which build of each remote the shell loads (docs/remote-releases.md). */
import { z } from 'zod';
import { REMOTE_NAMES } from '@prompt-perfect/core/contracts/remotes';
import { CanarySchema, LoadFailureSchema, ReleaseSchema } from '../../features/remotes/schemas';
import type { Operation } from '../operation';
import {
  CanaryAnswerSchema,
  ReleaseAnswerSchema,
  RemoteStatusListSchema,
  RemotesListingSchema,
  RollbackSchema,
} from '../responses';

const nameParams = z.object({ name: z.enum(REMOTE_NAMES as [string, ...string[]]) });
const RELEASE = { url: 'https://cdn.example.com/workspace/1.4.0/mf-manifest.json', version: '1.4.0' };
const GATE =
  'The compatibility gate refused the build (its manifest, contract version or shared versions); `reasons` lists each problem.';
const NO_REMOTE = { 404: 'No remote of that name.' };

export const remoteOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/remotes',
    tag: 'Remote releases',
    summary: 'The current release (and canary) of each remote',
    description: 'Public and cacheable for 5 seconds: what the shell loads.',
    access: 'public',
    ok: { status: 200, description: 'Each remote with its URL and version.', schema: RemotesListingSchema },
  },
  {
    method: 'post',
    path: '/api/remotes/failures',
    tag: 'Remote releases',
    summary: 'Report that a browser could not load a release and fell back',
    access: 'public',
    body: LoadFailureSchema,
    bodyExample: { remote: 'workspace', url: RELEASE.url, version: RELEASE.version, message: 'ChunkLoadError' },
    ok: { status: 204, description: 'Counted.' },
    errors: { 400: 'A field is missing or too long.' },
  },
  {
    method: 'get',
    path: '/api/admin/remotes',
    tag: 'Remote releases',
    summary: 'Every remote with its releases and canary',
    access: 'admin',
    ok: {
      status: 200,
      description: 'Each remote: current, previous, canary, history.',
      schema: RemoteStatusListSchema,
    },
  },
  {
    method: 'post',
    path: '/api/admin/remotes/{name}/releases',
    tag: 'Remote releases',
    summary: 'Release a build of a remote',
    access: 'admin',
    params: nameParams,
    body: ReleaseSchema,
    bodyExample: RELEASE,
    ok: { status: 201, description: 'Released: browsers load it from now on.', schema: ReleaseAnswerSchema },
    errors: { 400: 'Not an absolute http(s) manifest URL, or a bad version.', ...NO_REMOTE, 409: GATE },
  },
  {
    method: 'post',
    path: '/api/admin/remotes/{name}/rollback',
    tag: 'Remote releases',
    summary: 'Roll a remote back to its previous release',
    access: 'admin',
    params: nameParams,
    ok: { status: 200, description: 'The release rolled back and the one now current.', schema: RollbackSchema },
    errors: { ...NO_REMOTE, 409: 'The remote runs its initial release: nothing to roll back to.' },
  },
  {
    method: 'put',
    path: '/api/admin/remotes/{name}/canary',
    tag: 'Remote releases',
    summary: 'Give a build to a share of visitors and users (sticky)',
    access: 'admin',
    params: nameParams,
    body: CanarySchema,
    bodyExample: { ...RELEASE, percent: 10 },
    ok: { status: 200, description: 'The canary now running.', schema: CanaryAnswerSchema },
    errors: { 400: 'A field is missing or out of range.', ...NO_REMOTE, 409: GATE },
  },
  {
    method: 'delete',
    path: '/api/admin/remotes/{name}/canary',
    tag: 'Remote releases',
    summary: "End a remote's canary",
    access: 'admin',
    params: nameParams,
    ok: { status: 204, description: 'Ended.' },
    errors: { 404: 'No remote of that name, or it has no canary.' },
  },
];
