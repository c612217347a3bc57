/** Rows of the [registry] tables and their mapping to the API types (storedPrompts' pure half). */
import type {
  FetchedPrompt,
  LabelMove,
  PromptLabel,
  PromptSummary,
  PromptVersion,
} from '@prompt-perfect/core/api/registry';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { Author } from './promptStore';

type VersionRow = Omit<Selectable<Database['prompt_versions']>, 'prompt_id'>;
type LabelRow = Omit<Selectable<Database['prompt_labels']>, 'prompt_id'>;
type MoveRow = Omit<Selectable<Database['prompt_label_moves']>, 'prompt_id'>;
interface SummaryRow {
  id: number;
  name: string;
  latest: number;
  updated_at: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
export const authorName = (author: Author) => author.name || author.email || author.id;

export const toVersion = (r: VersionRow): PromptVersion => ({
  version: r.version,
  text: r.text,
  variables: JSON.parse(r.variables) as string[],
  technique: r.technique,
  provider: r.provider,
  model: r.model,
  options: JSON.parse(r.options) as Record<string, unknown>,
  message: r.message,
  createdBy: r.created_by,
  createdAt: iso(r.created_at),
});

export const toFetched = (name: string, label: string | null, v: PromptVersion): FetchedPrompt => ({
  name,
  version: v.version,
  label,
  text: v.text,
  variables: v.variables,
  config: { technique: v.technique, provider: v.provider, model: v.model, options: v.options },
  message: v.message,
  createdAt: v.createdAt,
});

export const toLabel = (r: LabelRow): PromptLabel => ({
  label: r.label,
  version: r.version,
  protected: r.protected === 1,
  updatedAt: iso(r.updated_at),
});

export const toMove = (r: MoveRow): LabelMove => ({
  id: r.id,
  label: r.label,
  fromVersion: r.from_version,
  toVersion: r.to_version,
  movedBy: r.moved_by,
  movedAt: iso(r.moved_at),
  undo: r.undo === 1,
});

export function toSummaries(rows: SummaryRow[], labels: Array<LabelRow & { prompt_id: number }>): PromptSummary[] {
  return rows.map((r) => ({
    name: r.name,
    latestVersion: r.latest,
    labels: Object.fromEntries(labels.filter((l) => l.prompt_id === r.id).map((l) => [l.label, l.version])),
    updatedAt: iso(r.updated_at),
  }));
}

/**
 * What a label move does, decided from the label as it is. `protected` refuses a change to a
 * protected label (or its protection) without confirm; `same` is a move to where it already points.
 */
export function decideMove(
  current: LabelRow | undefined,
  version: number,
  protect: boolean | undefined,
  confirm: boolean,
): 'protected' | 'same' | 'move' {
  const protectionChanges = protect !== undefined && current !== undefined && protect !== (current.protected === 1);
  if (current && current.version === version && !protectionChanges) return 'same';
  if (current?.protected === 1 && !confirm) return 'protected';
  return 'move';
}
