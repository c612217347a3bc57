/** [teams] An organization's API tokens and both daily budgets of its runs (under /api/orgs/{org}). */
import type { SpaceBudgetStatus } from '@prompt-perfect/core/api/account';
import type { ApiTokenInfo, CreatedApiToken } from '@prompt-perfect/core/api/tokens';
import { z } from 'zod';
import { TokenSchema } from '../../features/tokens/schemas';
import type { Operation } from '../operation';
import { BudgetSchema, exact, iso, TokenInfoSchema } from '../responses';

const orgParam = {
  org: z.string().meta({ description: "The organization's slug or id.", example: 'acme' }),
};
const orgParams = z.object(orgParam);
const orgTokenParams = z.object({
  ...orgParam,
  id: z.string().regex(/^\d+$/).meta({ description: 'The id the list gives.', example: '7' }),
});

const OrgTokenInfoSchema = exact<Required<ApiTokenInfo>>()(
  TokenInfoSchema.extend({
    maker: z.object({ id: z.string(), name: z.string() }).meta({ description: 'Who made it.' }),
    revokedAt: iso.nullable().meta({ description: 'Set when it stopped working without being deleted.' }),
    revokedReason: z
      .string()
      .nullable()
      .meta({ description: 'Why, for the admins: "Its maker was removed from the organization."' }),
  }).meta({ id: 'OrgApiTokenInfo' }),
);
const OrgTokenListSchema = z.object({ items: z.array(OrgTokenInfoSchema) });
const CreatedOrgTokenSchema = exact<Required<Pick<CreatedApiToken, 'token'>> & { info: Required<ApiTokenInfo> }>()(
  z.object({ token: z.string().meta({ description: 'Shown once.' }), info: OrgTokenInfoSchema }),
);
const SpaceBudgetSchema = exact<SpaceBudgetStatus>()(
  z
    .object({
      personal: BudgetSchema,
      org: BudgetSchema.extend({ orgId: z.string(), name: z.string() }),
    })
    .meta({ id: 'SpaceBudget' }),
);

const TOKEN_ACTS =
  "It acts for the organization wherever it is used (`/api/prompts` means the organization's prompts), within its scopes and its maker's role in the organization at each request: a viewer's token only reads. Once its maker leaves it is refused (401) and listed as revoked; on another organization's URLs it gets 404.";
const ADMINS_ONLY = 'Your role in the organization may not manage its tokens (admins and owners may).';
const NO_ORG = 'No such organization among yours.';

export const orgTokenOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/orgs/{org}/tokens',
    tag: 'API tokens',
    summary: "An organization's API tokens",
    description: "Every maker's tokens, with those revoked because their maker left (when and why).",
    access: 'session',
    params: orgParams,
    ok: { status: 200, description: 'Each token (never its secret).', schema: OrgTokenListSchema },
    errors: { 403: ADMINS_ONLY, 404: NO_ORG },
  },
  {
    method: 'post',
    path: '/api/orgs/{org}/tokens',
    tag: 'API tokens',
    summary: 'Create an organization API token',
    description: `The token is shown once; only its SHA-256 is stored. ${TOKEN_ACTS}`,
    access: 'session',
    params: orgParams,
    body: TokenSchema,
    bodyExample: { name: 'support app', scopes: ['read'] },
    ok: {
      status: 201,
      description: 'The token and its details.',
      schema: CreatedOrgTokenSchema,
      example: {
        token: 'pp_...',
        info: {
          id: 3,
          name: 'support app',
          scopes: ['read'],
          createdAt: '2026-05-04T09:12:00.000Z',
          lastUsedAt: null,
          maker: { id: 'user_2', name: 'Ada' },
          revokedAt: null,
          revokedReason: null,
        },
      },
    },
    errors: {
      400: 'No name, or an unknown scope.',
      403: ADMINS_ONLY,
      404: NO_ORG,
      409: 'The organization already has 20 tokens.',
    },
  },
  {
    method: 'delete',
    path: '/api/orgs/{org}/tokens/{id}',
    tag: 'API tokens',
    summary: "Revoke an organization's token (the runs it started stop too)",
    access: 'session',
    params: orgTokenParams,
    ok: { status: 204, description: 'Revoked.' },
    errors: { 403: ADMINS_ONLY, 404: 'No such organization among yours, or no token with that id in it.' },
  },
  {
    method: 'get',
    path: '/api/orgs/{org}/budget',
    tag: 'Account',
    summary: "Today's spend against your own and the organization's daily budgets",
    description:
      "A run in the organization counts against both USER_DAILY_BUDGET_USD (yours, as GET /api/me/budget answers it) and ORG_DAILY_BUDGET_USD (the organization's, whoever runs); it is refused with 429 `budget_spent` naming the one that is spent (`budget`: `personal` or `org`).",
    access: 'sessionOrToken',
    params: orgParams,
    ok: { status: 200, description: 'Both budgets.', schema: SpaceBudgetSchema },
    errors: { 404: NO_ORG },
  },
];
