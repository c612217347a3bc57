/** [prove] rows as both backends store them, and how they become the API's shapes. */
import { createHash } from 'node:crypto';
import {
  type ApiTokenInfo,
  type CaseSplitRecord,
  type TestCase,
  type TestSet,
  type TestSetInput,
  type TestSetSummary,
  TOKEN_SCOPES,
  type TokenScope,
} from '@prompt-perfect/core/api/prove';
import type { ApiTokenOwner } from './testSets';

export interface TestSetRow {
  id: number;
  name: string;
  prompt: string;
  rubric: string;
  /** The cases as one JSON text. */
  cases: string;
  /** The CaseSplitRecord as one JSON text. */
  split: string;
  created_at: number;
  updated_at: number;
}

export const toTestSet = (r: TestSetRow): TestSet => ({
  id: r.id,
  name: r.name,
  prompt: r.prompt,
  rubric: r.rubric,
  cases: JSON.parse(r.cases) as TestCase[],
  split: JSON.parse(r.split) as CaseSplitRecord,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

export const toTestSetSummary = (r: TestSetRow): TestSetSummary => ({
  id: r.id,
  name: r.name,
  caseCount: (JSON.parse(r.cases) as unknown[]).length,
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** The values of a row to write, by column. */
export const testSetValues = (userId: string, input: TestSetInput, now: number) => ({
  userId,
  ...input,
  cases: JSON.stringify(input.cases),
  now,
});

export interface ApiTokenRow {
  id: number;
  name: string;
  /** Space-separated TokenScope values. */
  scopes: string;
  created_at: number;
  last_used_at: number | null;
}

export interface ApiTokenOwnerRow {
  id: number;
  user_id: string;
  user_name: string;
  user_email: string;
  scopes: string;
}

/** Only sha256(token) is stored, like local sessions: a copy of the database holds no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The stored column back to scopes, in TOKEN_SCOPES order; unknown words are dropped. */
const scopesOf = (column: string): TokenScope[] => TOKEN_SCOPES.filter((s) => column.split(' ').includes(s));
export const scopesColumn = (scopes: readonly TokenScope[]) => TOKEN_SCOPES.filter((s) => scopes.includes(s)).join(' ');

export const toApiTokenOwner = (r: ApiTokenOwnerRow): ApiTokenOwner => ({
  user: { id: r.user_id, name: r.user_name, email: r.user_email },
  scopes: scopesOf(r.scopes),
});

export const toApiTokenInfo = (r: ApiTokenRow): ApiTokenInfo => ({
  id: r.id,
  name: r.name,
  scopes: scopesOf(r.scopes),
  createdAt: new Date(r.created_at).toISOString(),
  lastUsedAt: r.last_used_at === null ? null : new Date(r.last_used_at).toISOString(),
});
