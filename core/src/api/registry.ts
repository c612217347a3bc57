/**
 * [registry] Named prompts with numbered versions and labels, fetched by applications at run time.
 * Session cookie or `Authorization: Bearer <personal API token>`: reads need the `read` scope, every
 * change (a new version, a label move, an undo) needs `run` (the scope of "change your data").
 *
 *   GET  /api/prompts                              -> { items: PromptSummary[] }
 *   GET  /api/prompts/:name?label=l | ?version=n   -> FetchedPrompt (ETag; If-None-Match gives 304).
 *                                                     Neither: the newest version.
 *   POST /api/prompts/:name/versions               SavePromptVersion -> PromptVersion (201; creates the prompt)
 *   GET  /api/prompts/:name/versions               -> { items: PromptVersion[] } (newest first)
 *   GET  /api/prompts/:name/labels                 -> PromptLabels
 *   PUT  /api/prompts/:name/labels/:label          MoveLabel -> PromptLabels
 *   POST /api/prompts/:name/labels/:label/undo     { confirm? } -> PromptLabels
 *   POST /api/prompts/_import                      { format: promptfoo | langfuse | openai, content } ->
 *                                                     { prompts: [{ name, versions }], testSets } (201); all or nothing
 *   GET  /api/prompts/_export?format=promptfoo|langfuse[&names=a,b][&label=l][&testSet=id] -> the file
 *   GET  /api/prompts/_webhook                     -> { webhook: { url, createdAt } | null, deliveries }
 *   PUT  /api/prompts/_webhook                     { url } -> { url, secret, createdAt } (a new secret, shown once)
 *   DELETE /api/prompts/_webhook                   -> 204
 *   A label move or undo POSTs { event: 'label.moved', prompt, label, fromVersion, toVersion, movedBy,
 *   movedAt, undo } to the webhook with X-Prompt-Perfect-Signature: sha256=<HMAC-SHA256 hex of the body>,
 *   retried 3 times with back-off (WEBHOOK_RETRY_BASE_MS, x4, x16).
 *
 * A prompt of another account answers exactly like one that does not exist (404).
 */

/** A prompt's name: a slug, unique per account. */
export const PROMPT_NAME = /^[a-z0-9][a-z0-9_-]{0,79}$/;
export const PROMPT_NAME_RULE =
  'lowercase letters, digits, - and _, starting with a letter or digit, at most 80 characters';

/** A free-form name ("Support Reply / v2") as a prompt name ("support-reply-v2"). */
export function toPromptName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|-+$/g, '')
    .slice(0, 80);
}
/** A label's name, same alphabet: production, staging, or any the user makes. */
export const LABEL_NAME = /^[a-z0-9][a-z0-9_-]{0,39}$/;
export const PROMPT_TEXT_MAX = 50_000;
export const VERSION_MESSAGE_MAX = 500;

/** How a version was made: what Restore brings back, and what an application may call with. */
interface PromptConfig {
  technique: string | null;
  provider: string | null;
  model: string | null;
  /** Free-form settings (temperature, tone...), kept as given. */
  options: Record<string, unknown>;
}

export interface PromptVersion extends PromptConfig {
  version: number;
  text: string;
  /** The `{{variables}}` of the text, each once, in order of first use. */
  variables: string[];
  message: string;
  createdBy: string;
  /** ISO date. */
  createdAt: string;
}

export interface SavePromptVersion extends Partial<PromptConfig> {
  text: string;
  message?: string;
}

export interface PromptSummary {
  name: string;
  latestVersion: number;
  /** label -> version */
  labels: Record<string, number>;
  updatedAt: string;
}

/** The answer of GET /api/prompts/:name: what an application needs to run the prompt. */
export interface FetchedPrompt {
  name: string;
  version: number;
  /** The label asked for, or null when fetched by version or newest. */
  label: string | null;
  text: string;
  variables: string[];
  config: PromptConfig;
  message: string;
  createdAt: string;
}

export interface PromptLabel {
  label: string;
  version: number;
  protected: boolean;
  updatedAt: string;
}

export interface LabelMove {
  id: number;
  label: string;
  /** null when the move created the label. */
  fromVersion: number | null;
  /** null when an undo removed a label its first move had created. */
  toVersion: number | null;
  movedBy: string;
  movedAt: string;
  /** True when this move undid the one before it. */
  undo: boolean;
}

export interface PromptLabels {
  labels: PromptLabel[];
  /** Newest first. */
  moves: LabelMove[];
}

export interface MoveLabel {
  version: number;
  /** Set or clear the label's protection; unchanged when absent. */
  protected?: boolean;
  /** Required to move (or undo) a protected label. */
  confirm?: boolean;
}

export const IMPORT_FORMATS = ['promptfoo', 'langfuse', 'openai'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const EXPORT_FORMATS = ['promptfoo', 'langfuse'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** POST /api/prompts/_import: what landed (all of the file, or nothing). */
export interface ImportSummary {
  prompts: Array<{ name: string; versions: number[] }>;
  testSets: number;
}

/** The body POSTed to the webhook when a label moves (the delivery's `payload`). */
export interface LabelMovedEvent {
  event: 'label.moved';
  prompt: string;
  label: string;
  fromVersion: number | null;
  toVersion: number | null;
  movedBy: string;
  movedAt: string;
  undo: boolean;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDelivery {
  id: number;
  url: string;
  /** The JSON body sent (signed as is). */
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The receiver's last HTTP status, or null when it could not be reached. */
  lastResponse: number | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/prompts/_webhook. */
export interface WebhookStatus {
  webhook: { url: string; createdAt: string } | null;
  deliveries: WebhookDelivery[];
}

/** PUT /api/prompts/_webhook: the secret is in this answer only. */
export interface SavedWebhook {
  url: string;
  secret: string;
  createdAt: string;
}
