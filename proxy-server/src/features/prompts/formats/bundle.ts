/** What an import brings, whatever its format: named prompts with versions and labels, and test sets. */
import type { SavePromptVersion } from '@prompt-perfect/core/api/registry';
import type { TestSetInput } from '@prompt-perfect/core/api/prove';
import { BadRequest } from '../../../http/httpError';

export interface ImportedPrompt {
  name: string;
  /** Oldest first. */
  versions: SavePromptVersion[];
  /** label -> position in `versions`, 1-based. */
  labels: Record<string, number>;
}

export interface ImportBundle {
  prompts: ImportedPrompt[];
  testSets: TestSetInput[];
}

/** A file refused: `where` is a line ("line 4") or a field ("tests[2].assert[0].type"). Nothing is imported. */
export const importRefused = (where: string, problem: string) =>
  new BadRequest(`The file cannot be imported: ${where}: ${problem}`);

export const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
