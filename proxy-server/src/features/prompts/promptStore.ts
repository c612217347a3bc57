/**
 * [registry] storage: named prompts, their numbered versions and labels, per space (a person's or an
 * organization's). A prompt of another space behaves exactly like one that does not exist.
 */
import type { AuthUser } from '@prompt-perfect/core/auth/types';
import type { ImportBundle } from './formats/bundle';
import type {
  FetchedPrompt,
  ImportSummary,
  MoveLabel,
  PromptLabels,
  PromptSummary,
  PromptVersion,
  SavePromptVersion,
} from '@prompt-perfect/core/api/registry';

/**
 * Who writes (named in created_by and moved_by) and, when it is not their own space, the space the
 * rows belong to (auth/space.ts: `org:<id>`).
 */
export type Author = Pick<AuthUser, 'id' | 'name' | 'email'> & { ownerId?: string };

/** The key the author's writes are stored under. */
export const ownerOf = (author: Author): string => author.ownerId ?? author.id;

export type PromptSelector = { label: string } | { version: number } | { newest: true };

type Resolved = FetchedPrompt | 'no-prompt' | 'no-label' | 'no-version';
type MoveOutcome = PromptLabels | 'no-prompt' | 'no-version' | 'protected';
type ImportOutcome = ImportSummary | { protectedLabel: string; name: string };
type UndoOutcome = PromptLabels | 'no-prompt' | 'no-move' | 'protected';

export interface PromptStore {
  list(userId: string): Promise<PromptSummary[]>;
  /** Creates the prompt on its first version. */
  saveVersion(author: Author, name: string, input: SavePromptVersion, now: number): Promise<PromptVersion>;
  resolve(userId: string, name: string, selector: PromptSelector): Promise<Resolved>;
  /** Newest first; undefined when the user has no such prompt. */
  versions(userId: string, name: string): Promise<PromptVersion[] | undefined>;
  labels(userId: string, name: string): Promise<PromptLabels | undefined>;
  moveLabel(author: Author, name: string, label: string, move: MoveLabel, now: number): Promise<MoveOutcome>;
  /**
   * Everything in the bundle or nothing (one transaction): versions appended after any the prompt has,
   * labels moved onto them (recorded), test sets created. A protected label refuses the whole import.
   */
  importBundle(author: Author, bundle: ImportBundle, now: number): Promise<ImportOutcome>;
  /** Reverts the label's last move (recorded as a move itself). */
  undoLabel(author: Author, name: string, label: string, confirm: boolean, now: number): Promise<UndoOutcome>;
}
