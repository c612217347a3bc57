/** The personal API tokens that call the API (managed with the session only). */
import { z } from 'zod';
import { TokenSchema } from '../../features/tokens/schemas';
import type { Operation } from '../operation';
import { CreatedTokenSchema, TokenListSchema } from '../responses';

const idParams = z.object({
  id: z.string().regex(/^\d+$/).meta({ description: 'The id the list gives.', example: '7' }),
});

export const tokenOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/tokens',
    tag: 'API tokens',
    summary: 'Your personal API tokens',
    access: 'session',
    ok: { status: 200, description: 'Each token (never its secret).', schema: TokenListSchema },
  },
  {
    method: 'post',
    path: '/api/tokens',
    tag: 'API tokens',
    summary: 'Create a personal API token',
    description:
      'The token is shown once; only its SHA-256 is stored. `scopes`: `read` (GET requests), `run` (model calls and changes); both when left out.',
    access: 'session',
    body: TokenSchema,
    bodyExample: { name: 'CI', scopes: ['read', 'run'] },
    ok: {
      status: 201,
      description: 'The token and its details.',
      schema: CreatedTokenSchema,
      example: {
        token: 'pp_...',
        info: { id: 1, name: 'CI', scopes: ['read', 'run'], createdAt: '2026-05-04T09:12:00.000Z', lastUsedAt: null },
      },
    },
    errors: { 400: 'No name, or an unknown scope.', 409: 'The account already has 20 tokens.' },
  },
  {
    method: 'delete',
    path: '/api/tokens/{id}',
    tag: 'API tokens',
    summary: 'Revoke a token (the runs it started stop too)',
    access: 'session',
    params: idParams,
    ok: { status: 204, description: 'Revoked.' },
    errors: { 404: 'No token with that id in your account.' },
  },
];
