/** Health, sign-in, models, the visitor trial, lint and this document: the routes anyone may call. */
import { z } from 'zod';
import { TRIAL_LIMIT } from '@prompt-perfect/core/trial';
import { LintSchema } from '../../features/lint/routes';
import { SignInSchema } from '../../auth/routes';
import { OptimizeSchema } from '../../features/trial/routes';
import type { Operation } from '../operation';
import {
  HealthSchema,
  LintResultSchema,
  ProvidersSchema,
  ReadinessSchema,
  SessionSchema,
  TrialResultSchema,
  TrialStatusSchema,
} from '../responses';

const USER = { id: 'local_6f1c0b5e2a9d4c7e8b3a1f20', name: 'Ada', email: 'ada@example.com', source: 'local' };

export const basicOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Server',
    summary: 'This document',
    access: 'public',
    ok: {
      status: 200,
      description: 'The OpenAPI 3.1 description of every route.',
      schema: z.record(z.string(), z.unknown()),
    },
  },
  {
    method: 'get',
    path: '/api/health',
    tag: 'Server',
    summary: 'Liveness: the process answers',
    description: 'No I/O and no rate limit: for a monitor or a load balancer.',
    access: 'public',
    ok: {
      status: 200,
      description: 'Alive, with which providers have a key.',
      schema: HealthSchema,
      example: { status: 'ok', uptimeSeconds: 3600, providers: { openai: true, anthropic: false } },
    },
  },
  {
    method: 'get',
    path: '/api/health/ready',
    tag: 'Server',
    summary: 'Readiness: the database takes writes and Redis answers',
    access: 'public',
    ok: [
      {
        status: 200,
        description: 'Ready to serve.',
        schema: ReadinessSchema,
        example: { status: 'ready', database: 'ok', redis: 'not configured' },
      },
      { status: 503, description: 'Not ready (or shutting down): which dependency failed.', schema: ReadinessSchema },
    ],
  },
  {
    method: 'get',
    path: '/api/auth/session',
    tag: 'Sign-in',
    summary: 'Who is signed in',
    access: 'public',
    ok: {
      status: 200,
      description: 'The sign-in mode and the user, or null.',
      schema: SessionSchema,
      example: { mode: 'local', user: USER },
    },
  },
  {
    method: 'post',
    path: '/api/auth/local/sign-in',
    tag: 'Sign-in',
    summary: 'Sign in with the local development identity',
    description: 'Only when the server runs without Clerk. Sets the session cookie.',
    access: 'public',
    body: SignInSchema,
    bodyExample: { name: 'Ada', email: 'ada@example.com' },
    ok: {
      status: 200,
      description: 'Signed in; the session cookie is set.',
      schema: SessionSchema,
      example: { mode: 'local', user: USER },
    },
    errors: { 400: 'A name or e-mail address is missing or not valid.', 404: 'This server uses Clerk for sign-in.' },
  },
  {
    method: 'post',
    path: '/api/auth/sign-out',
    tag: 'Sign-in',
    summary: 'Sign out',
    access: 'public',
    ok: {
      status: 200,
      description: 'The session ended; its cookie is cleared.',
      schema: SessionSchema,
      example: { mode: 'local', user: null },
    },
  },
  {
    method: 'get',
    path: '/api/providers',
    tag: 'Models',
    summary: 'The providers and their models',
    access: 'public',
    ok: { status: 200, description: 'Each provider, whether it has a key, and its models.', schema: ProvidersSchema },
  },
  {
    method: 'post',
    path: '/api/providers/refresh',
    tag: 'Models',
    summary: 'Ask the providers for their model lists again (e.g. after pulling a model into Ollama)',
    access: 'session',
    ok: { status: 200, description: 'The refreshed lists.', schema: ProvidersSchema },
  },
  {
    method: 'get',
    path: '/api/trial/status',
    tag: 'Visitor trial',
    summary: 'Free runs left for this visitor',
    access: 'public',
    ok: {
      status: 200,
      description: 'Runs left, of how many.',
      schema: TrialStatusSchema,
      example: { remaining: TRIAL_LIMIT, limit: TRIAL_LIMIT, offline: false },
    },
  },
  ...(['/api/trial/optimize', '/api/trial/optimize/stream'] as const).map(
    (path): Operation => ({
      method: 'post',
      path,
      tag: 'Visitor trial',
      summary: path.endsWith('stream') ? 'Perfect a prompt as a visitor, streamed' : 'Perfect a prompt as a visitor',
      description: `Counts against the visitor's ${TRIAL_LIMIT} free runs. Without a provider key the offline optimizer answers at once and uses no run.`,
      access: 'public',
      body: OptimizeSchema,
      bodyExample: { prompt: 'write a product description for hiking boots' },
      ok: { status: 200, description: 'The improved prompt and the runs left.', schema: TrialResultSchema },
      ...(path.endsWith('stream')
        ? { stream: 'Text events as the model writes, then `done` (see core/src/api/stream.ts).' }
        : {}),
      errors: {
        400: 'No prompt. Refusals here also carry `remaining`, the runs left.',
        403: 'No free runs left: sign in.',
        502: 'The model provider failed (the run is not counted).',
      },
    }),
  ),
  {
    method: 'post',
    path: '/api/lint',
    tag: 'Lint',
    summary: 'Check a prompt offline, or also with a model',
    description:
      'The linter, no model call, nothing stored. `variables` are test values by name. With `model` (`true`: the server\'s test model, or `{provider, model}`), a signed-in caller or a token with the `run` scope also gets the model check: the model is asked for the meaning rules (duplicate-instruction, buried-instruction, undelimited-input, conflicting-constraints, no-output-format, language-mismatch) with a fixed instruction and JSON schema; its findings carry `source: "model"` (`"both"` when merged into a rule\'s), findings whose quote is not in the prompt are dropped and counted, the call\'s worst case is reserved in the daily budget and settled to its cost, and the answer is cached per instance by account, model and prompt for an hour. A visitor asking for it gets the rules\' findings and `modelCheckSkipped`.',
    access: 'public',
    body: LintSchema,
    bodyExample: {
      prompt: 'Summarize {{article}} in a few bullet points.',
      variables: { article: 'The shop opens at nine.' },
    },
    ok: {
      status: 200,
      description: 'The findings, with offsets into the prompt and optional fixes.',
      schema: LintResultSchema,
    },
    errors: {
      400: 'No prompt, too many variables, or an unknown model.',
      401: 'An API token that is not valid.',
      403: 'With `model`: the token lacks the `run` scope.',
      413: "Too long: a visitor's prompt over 10,000 characters, or a model check over 20,000.",
      429: 'Too much check time this minute, or (with `model`) the daily budget is spent or too many runs at once.',
      502: "With `model`: the provider failed, or its answer is not the schema's JSON (the call is charged, nothing more).",
      503: 'With `model`: no provider is configured on this server (offline), so only the rules can check.',
    },
  },
];
