/**
 * zod schemas of what the API answers, for the OpenAPI document. Each is checked against the type the
 * server's code answers with (core/src/api), at compile time: a field added there and not here, or
 * typed differently, fails the type check.
 */
import { z } from 'zod';
import type {
  AccountSettings,
  DailyBudgetStatus,
  Favorite,
  HistoryPage,
  ImportResult,
} from '@prompt-perfect/core/api/account';
import type {
  DraftTestSetResponse,
  EvaluationEstimate,
  EvaluationResult,
  OptimizationEstimate,
  OptimizationResult,
  TestSet,
  TestSetSummary,
} from '@prompt-perfect/core/api/prove';
import type { ApiTokenInfo, CreatedApiToken } from '@prompt-perfect/core/api/tokens';
import type {
  FetchedPrompt,
  ImportSummary,
  PromptLabels,
  PromptSummary,
  PromptVersion,
  SavedWebhook,
  WebhookStatus,
} from '@prompt-perfect/core/api/registry';
import type {
  HealthResponse,
  LintResponse,
  ProvidersResponse,
  ReadinessResponse,
  SessionResponse,
  TrialStatusResponse,
} from '@prompt-perfect/core/api/types';
import type { RemoteCanary, RemoteRelease, RemoteStatus, RemotesListing } from '@prompt-perfect/core/api/remotes';
import { LINT_RULE_IDS } from '@prompt-perfect/core/lint/types';

/** Compiles only when the schema's output is exactly T (else: "Expected 2 arguments" at the call). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const exact =
  <T>() =>
  <S extends z.ZodType>(schema: S, ..._check: Same<z.output<S>, T> extends true ? [] : [never]) =>
    schema;

export const iso = z.string().meta({ format: 'date-time' });
const nullableInt = z.number().int().nullable();

export const ErrorSchema = z
  .object({ error: z.string().meta({ description: 'One sentence saying what went wrong and what to do.' }) })
  .meta({ id: 'Error', example: { error: "No prompt named 'support-reply'." } });

// Sign-in, health, models, the trial, lint.
const AuthUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  source: z.enum(['local', 'clerk']),
});
export const SessionSchema = exact<SessionResponse>()(
  z.object({ mode: z.enum(['local', 'clerk']), user: AuthUserSchema.nullable() }).meta({ id: 'Session' }),
);
export const HealthSchema = exact<HealthResponse>()(
  z
    .object({
      status: z.literal('ok'),
      uptimeSeconds: z.number().int(),
      providers: z.object({ openai: z.boolean(), anthropic: z.boolean() }),
    })
    .meta({ id: 'Health' }),
);
export const ReadinessSchema = exact<ReadinessResponse>()(
  z
    .object({
      status: z.enum(['ready', 'unavailable', 'shutting down']),
      database: z.enum(['ok', 'unreachable', 'not writable']),
      redis: z.enum(['ok', 'unreachable', 'not configured']),
    })
    .meta({ id: 'Readiness' }),
);
const ModelInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  isO1: z.boolean().optional(),
  source: z.enum(['catalogue', 'discovered', 'pinned']),
});
export const ProvidersSchema = exact<ProvidersResponse>()(
  z
    .object({
      providers: z.array(
        z.object({
          id: z.enum(['openai', 'anthropic']),
          label: z.string(),
          configured: z.boolean(),
          models: z.array(ModelInfoSchema),
          fetchedAt: iso.nullable(),
          listFailed: z.boolean(),
        }),
      ),
      trialModel: z.string(),
      testModel: z.string(),
    })
    .meta({ id: 'Providers' }),
);
export const TrialStatusSchema = exact<TrialStatusResponse>()(
  z.object({ remaining: z.number().int(), limit: z.number().int(), offline: z.boolean() }).meta({ id: 'TrialStatus' }),
);
export const TrialResultSchema = z
  .object({ text: z.string(), remaining: z.number().int(), offline: z.boolean() })
  .meta({ id: 'TrialResult' });
const LintFindingSchema = z.object({
  rule: z.enum(LINT_RULE_IDS),
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
  why: z.string(),
  guidance: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  fix: z.object({ label: z.string(), start: z.number().int(), end: z.number().int(), text: z.string() }).optional(),
  source: z.enum(['rules', 'model', 'both']).optional().meta({
    description: "Set when the model check ran: who found it (`both`: a model finding merged into a rule's).",
  }),
  suggestion: z.string().optional().meta({ description: "The model's suggested fix, in words." }),
});
const ModelCheckSchema = z
  .object({
    provider: z.enum(['openai', 'anthropic']),
    model: z.string(),
    cached: z
      .boolean()
      .meta({ description: 'The answer came from the cache (same account, model and prompt): no cost.' }),
    dropped: z.number().int().meta({ description: 'Model findings dropped: their quote is not in the prompt.' }),
    tokens: z.object({ input: z.number().int(), output: z.number().int() }),
    costUsd: z.number().meta({ description: 'From list prices; charged to the daily budget.' }),
  })
  .meta({ id: 'ModelCheck' });
export const LintResultSchema = exact<LintResponse>()(
  z
    .object({
      findings: z.array(LintFindingSchema),
      omitted: z.record(z.string(), z.number().int()).optional(),
      modelCheck: ModelCheckSchema.optional(),
      modelCheckSkipped: z.string().optional(),
    })
    .meta({ id: 'LintResult' }),
);

// Model calls.
const ProgressSchema = z
  .object({
    stats: z.record(z.string(), z.unknown()),
    xpGained: z.number(),
    newBadges: z.array(z.record(z.string(), z.unknown())),
  })
  .meta({ description: 'XP, level, streak and badges after the run (core/src/progress).' });
const RecordedRunSchema = z.object({ historyId: z.number().int(), progress: ProgressSchema.nullable() });
export const TextResultSchema = z
  .object({
    text: z.string(),
    run: RecordedRunSchema.optional().meta({ description: 'Set when a run record was sent and stored.' }),
  })
  .meta({ id: 'TextResult' });

// Tokens.
export const TokenInfoSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scopes: z.array(z.enum(['read', 'run'])),
    createdAt: iso,
    lastUsedAt: iso.nullable(),
  })
  .meta({ id: 'ApiTokenInfo' });
exact<ApiTokenInfo>()(TokenInfoSchema);
export const TokenListSchema = z.object({ items: z.array(TokenInfoSchema) });
export const CreatedTokenSchema = exact<CreatedApiToken>()(
  z
    .object({
      token: z.string().meta({ description: 'Shown once: the server keeps only its SHA-256.' }),
      info: TokenInfoSchema,
    })
    .meta({ id: 'CreatedApiToken' }),
);

// [prove] test sets, evaluations, optimizations.
const TestCaseSchema = z.object({ id: z.string(), input: z.string(), expected: z.string().optional() });
export const TestSetSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    prompt: z.string(),
    rubric: z.string(),
    cases: z.array(TestCaseSchema),
    split: z.record(z.string(), z.unknown()).meta({ description: "Each used case's side and test count." }),
    createdAt: iso,
    updatedAt: iso,
  })
  .meta({ id: 'TestSet' });
const TestSetSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  caseCount: z.number().int(),
  updatedAt: iso,
});
exact<TestSetSummary>()(TestSetSummarySchema);
export const TestSetListSchema = z.object({ items: z.array(TestSetSummarySchema) });
export const DraftSchema = exact<DraftTestSetResponse>()(
  z.object({ rubric: z.string(), cases: z.array(TestCaseSchema) }).meta({ id: 'DraftTestSet' }),
);
export const EvaluationEstimateSchema = exact<EvaluationEstimate>()(
  z.object({ tokens: z.number(), costUsd: z.number(), pricesListed: z.boolean() }).meta({ id: 'EvaluationEstimate' }),
);
const CaseResultSchema = z.object({ caseId: z.string(), answer: z.string(), score: z.number(), critique: z.string() });
const ScoreSummarySchema = z.object({ mean: z.number(), low: z.number(), high: z.number(), n: z.number().int() });
export const EvaluationResultSchema = exact<EvaluationResult>()(
  z
    .object({ summary: ScoreSummarySchema, results: z.array(CaseResultSchema), tokens: z.number() })
    .meta({ id: 'EvaluationResult' }),
);
export const OptimizationEstimateSchema = z
  .object({
    trainCaseIds: z.array(z.string()),
    validationCaseIds: z.array(z.string()),
    testCaseIds: z.array(z.string()),
    tokens: z.number(),
    costUsd: z.number(),
    pricesListed: z.boolean().optional(),
  })
  .meta({ id: 'OptimizationEstimate' });
const RoundSchema = z.object({
  round: z.number().int(),
  candidate: z.string(),
  previous: z.string(),
  candidateScore: z.number(),
  currentScore: z.number(),
  diffLow: z.number(),
  diffHigh: z.number(),
  kept: z.boolean(),
  reason: z.string(),
  tokens: z.number(),
  results: z.array(CaseResultSchema),
  historyId: z.number().int().optional(),
});
export const OptimizationResultSchema = z
  .object({
    validationStart: z.number(),
    validationEnd: z.number(),
    finalPrompt: z.string(),
    bestPrompt: z.string(),
    test: z
      .object({
        version: z.number().int(),
        startMean: z.number(),
        finalMean: z.number(),
        difference: ScoreSummarySchema,
        confirmed: z.boolean(),
        reason: z.string(),
        startResults: z.array(CaseResultSchema),
        finalResults: z.array(CaseResultSchema),
      })
      .nullable(),
    power: z.object({
      testCases: z.number().int(),
      scoreSd: z.number(),
      detectable: z.number(),
      testCasesForHalfPoint: z.number().int(),
      casesForHalfPoint: z.number().int(),
    }),
    rounds: z.array(RoundSchema),
    tokens: z.number(),
    stoppedBy: z.enum(['rounds', 'tokens', 'cost', 'perfect', 'stopped']),
  })
  .meta({ id: 'OptimizationResult' });

// [registry] named prompts.
const PromptConfigFields = {
  technique: z.string().nullable(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  options: z.record(z.string(), z.unknown()),
};
const PROMPT_EXAMPLE = {
  name: 'support-reply',
  version: 2,
  label: 'production',
  text: 'You are a calm support agent. Answer {{customer}} about {{topic}} in two short paragraphs.',
  variables: ['customer', 'topic'],
  config: { technique: 'role-prompting', provider: 'openai', model: 'gpt-4o-mini', options: {} },
  message: 'Shorter answers',
  createdAt: '2026-05-04T09:12:00.000Z',
};
export const FetchedPromptSchema = exact<FetchedPrompt>()(
  z
    .object({
      name: z.string(),
      version: z.number().int(),
      label: z
        .string()
        .nullable()
        .meta({ description: 'The label asked for; null when fetched by version or newest.' }),
      text: z.string(),
      variables: z.array(z.string()),
      config: z.object(PromptConfigFields),
      message: z.string(),
      createdAt: iso,
    })
    .meta({ id: 'FetchedPrompt', example: PROMPT_EXAMPLE }),
);
const PromptSummarySchema = z.object({
  name: z.string(),
  latestVersion: z.number().int(),
  labels: z.record(z.string(), z.number().int()).meta({ description: 'label -> version' }),
  updatedAt: iso,
});
exact<PromptSummary>()(PromptSummarySchema);
export const PromptListSchema = z.object({ items: z.array(PromptSummarySchema) });
export const PromptVersionSchema = exact<PromptVersion>()(
  z
    .object({
      ...PromptConfigFields,
      version: z.number().int(),
      text: z.string(),
      variables: z.array(z.string()),
      message: z.string(),
      createdBy: z.string(),
      createdAt: iso,
    })
    .meta({ id: 'PromptVersion' }),
);
export const PromptVersionListSchema = z.object({ items: z.array(PromptVersionSchema) });
const LabelMoveSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  fromVersion: nullableInt,
  toVersion: nullableInt,
  movedBy: z.string(),
  movedAt: iso,
  undo: z.boolean(),
});
export const PromptLabelsSchema = exact<PromptLabels>()(
  z
    .object({
      labels: z.array(
        z.object({ label: z.string(), version: z.number().int(), protected: z.boolean(), updatedAt: iso }),
      ),
      moves: z.array(LabelMoveSchema).meta({ description: 'Newest first.' }),
    })
    .meta({ id: 'PromptLabels' }),
);
export const ImportSummarySchema = exact<ImportSummary>()(
  z
    .object({
      prompts: z.array(z.object({ name: z.string(), versions: z.array(z.number().int()) })),
      testSets: z.number().int(),
    })
    .meta({ id: 'ImportSummary' }),
);
export const WebhookStatusSchema = exact<WebhookStatus>()(
  z
    .object({
      webhook: z.object({ url: z.string(), createdAt: iso }).nullable(),
      deliveries: z.array(
        z.object({
          id: z.number().int(),
          url: z.string(),
          payload: z.string().meta({ description: 'The JSON body sent (signed as is).' }),
          status: z.enum(['pending', 'delivered', 'failed']),
          attempts: z.number().int(),
          lastResponse: nullableInt,
          lastError: z.string().nullable(),
          createdAt: iso,
          updatedAt: iso,
        }),
      ),
    })
    .meta({ id: 'WebhookStatus' }),
);
export const SavedWebhookSchema = exact<SavedWebhook>()(
  z
    .object({ url: z.string(), secret: z.string().meta({ description: 'Shown in this answer only.' }), createdAt: iso })
    .meta({ id: 'SavedWebhook' }),
);

// /api/me: the signed-in user's own data.
const techniqueIds = z.enum(['zero-shot', 'few-shot', 'chain-of-thought', 'role-prompting']);
const languageIds = z.enum(['English', 'French', 'Spanish', 'German']);
export const SettingsSchema = exact<{ settings: AccountSettings }>()(
  z.object({
    settings: z.object({
      aiEnabled: z.boolean().nullable(),
      defaultTechnique: techniqueIds,
      defaultProvider: z.enum(['openai', 'anthropic']),
      timeZone: z.string().nullable(),
    }),
  }),
);
export const BudgetSchema = exact<DailyBudgetStatus>()(
  z
    .object({ budgetUsd: z.number().nullable(), spentUsd: z.number(), leftUsd: z.number().nullable(), renewsAt: iso })
    .meta({ id: 'DailyBudget' }),
);
const FavoriteSchema = z.object({
  id: z.number().int(),
  originalPrompt: z.string(),
  optimizedPrompt: z.string(),
  technique: techniqueIds,
  language: languageIds,
  tone: z.string(),
  createdAt: iso,
  score: z.number(),
});
export const FavoriteListSchema = z.object({ favorites: z.array(FavoriteSchema) });
export const OneFavoriteSchema = z.object({ favorite: FavoriteSchema });
const HistoryEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['perfect', 'continue']),
  input: z.string(),
  output: z.string(),
  provider: z.enum(['openai', 'anthropic', 'offline']),
  model: z.string(),
  options: z.object({
    technique: techniqueIds,
    language: languageIds,
    tone: z.string(),
    customTone: z.string().optional(),
    personaId: z.string().nullable().optional(),
    audienceId: z.string().nullable().optional(),
    templateId: z.string().nullable().optional(),
  }),
  refines: nullableInt,
  chainId: z.number().int(),
  createdAt: iso,
  stopped: z.boolean(),
});
export const HistoryPageSchema = z
  .object({
    items: z.array(HistoryEntrySchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Pass as ?cursor= for the next (older) page; null at the end.' }),
  })
  .meta({ id: 'HistoryPage' });
export const ProgressStatsSchema = z.object({ stats: z.record(z.string(), z.unknown()) });
export const RecordedSchema = RecordedRunSchema;
export const ImportResultSchema = exact<ImportResult>()(
  z.object({ favorites: z.number().int(), xp: z.number(), badges: z.number().int() }),
);
export const AccountExportSchema = z
  .object({
    exportedAt: iso,
    user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    settings: SettingsSchema.shape.settings,
    favorites: z.array(FavoriteSchema),
    progress: z.record(z.string(), z.unknown()),
    history: z.array(HistoryEntrySchema),
    testSets: z.array(TestSetSchema),
  })
  .meta({ id: 'AccountExport' });

/** Loosened where the type is a deeper catalogue (the tone): core's type must still fit the schema. */
const fits = <A, B>(..._check: [A] extends [B] ? [] : [never]) => undefined;
fits<Favorite, z.output<typeof FavoriteSchema>>();
fits<HistoryPage, z.output<typeof HistoryPageSchema>>();
// Newer than these schemas (the test budget, the fixed split): documented in part, checked one way.
fits<TestSet, z.output<typeof TestSetSchema>>();
fits<OptimizationEstimate, z.output<typeof OptimizationEstimateSchema>>();
fits<OptimizationResult, z.output<typeof OptimizationResultSchema>>();

// Remote releases.
const remoteName = z.enum(['trial', 'workspace', 'progress']);
const ReleaseRecordSchema = z.object({
  id: z.number().int(),
  remote: remoteName,
  url: z.string(),
  version: z.string(),
  releasedBy: z.string(),
  releasedAt: iso.nullable(),
  rolledBackAt: iso.nullable(),
  failures: z.number().int(),
});
exact<RemoteRelease>()(ReleaseRecordSchema);
const CanaryRecordSchema = z.object({
  remote: remoteName,
  url: z.string(),
  version: z.string(),
  percent: z.number().int(),
  releasedBy: z.string(),
  startedAt: iso,
  failures: z.number().int(),
});
exact<RemoteCanary>()(CanaryRecordSchema);
const RemoteStatusSchema = z.object({
  remote: remoteName,
  current: ReleaseRecordSchema,
  previous: ReleaseRecordSchema.nullable(),
  canary: CanaryRecordSchema.nullable(),
  history: z.array(ReleaseRecordSchema),
});
exact<RemoteStatus>()(RemoteStatusSchema);
export const RemoteStatusListSchema = z.object({ remotes: z.array(RemoteStatusSchema) });
const ListedRemote = z.object({
  url: z.string(),
  version: z.string(),
  canary: z.object({ url: z.string(), version: z.string(), percent: z.number().int() }).nullable(),
});
export const RemotesListingSchema = exact<RemotesListing>()(
  z
    .object({ remotes: z.object({ trial: ListedRemote, workspace: ListedRemote, progress: ListedRemote }) })
    .meta({ id: 'RemotesListing' }),
);
export const ReleaseAnswerSchema = z.object({ release: ReleaseRecordSchema });
export const RollbackSchema = z.object({ rolledBack: ReleaseRecordSchema, current: ReleaseRecordSchema });
export const CanaryAnswerSchema = z.object({ canary: CanaryRecordSchema.nullable() });
