/**
 * PromptStore on the database, one implementation for SQLite and PostgreSQL: each change is one
 * transaction holding the account's lock, so two saves at once get distinct version numbers.
 */
import type { ImportSummary, PromptLabels, SavePromptVersion } from '@prompt-perfect/core/api/registry';
import { variableNames } from '@prompt-perfect/core/prompt/variables';
import { LOCK, lockKeys, type StorageDb, transaction } from '../../db/dialect';
import { authorName, decideMove, toFetched, toLabel, toMove, toSummaries, toVersion } from './promptRows';
import { type Author, ownerOf, type PromptStore } from './promptStore';

const VERSION_COLUMNS = [
  'version',
  'text',
  'variables',
  'technique',
  'provider',
  'model',
  'options',
  'message',
  'created_by',
  'created_at',
] as const;
const LABEL_COLUMNS = ['label', 'version', 'protected', 'updated_at'] as const;

/** A transaction serialised with every other change to the account's prompts. */
const forAuthor = <T>(db: StorageDb, author: Author, work: (trx: StorageDb) => Promise<T>) =>
  transaction(db, async (trx) => {
    await lockKeys(trx, [[LOCK.user, ownerOf(author)]]);
    return work(trx);
  });

async function idOf(db: StorageDb, userId: string, name: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('prompts')
    .select('id')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.id;
}

/** The prompt's id, creating the prompt if the author has none of that name. */
async function idOrNew(trx: StorageDb, author: Author, name: string, now: number): Promise<number> {
  const id = await idOf(trx, ownerOf(author), name);
  if (id !== undefined) return id;
  const row = await trx
    .insertInto('prompts')
    .values({ user_id: ownerOf(author), name, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function nextVersion(trx: StorageDb, id: number): Promise<number> {
  const row = await trx
    .selectFrom('prompt_versions')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('prompt_id', '=', id)
    .executeTakeFirst();
  return Number(row?.v ?? 0) + 1;
}

const insertVersion = (
  trx: StorageDb,
  id: number,
  version: number,
  author: Author,
  input: SavePromptVersion,
  now: number,
) =>
  trx
    .insertInto('prompt_versions')
    .values({
      prompt_id: id,
      version,
      text: input.text,
      variables: JSON.stringify(variableNames(input.text)),
      technique: input.technique ?? null,
      provider: input.provider ?? null,
      model: input.model ?? null,
      options: JSON.stringify(input.options ?? {}),
      message: input.message ?? '',
      created_by: authorName(author),
      created_at: now,
    })
    .returning(VERSION_COLUMNS)
    .executeTakeFirstOrThrow();

const versionRow = (db: StorageDb, id: number, version: number) =>
  db
    .selectFrom('prompt_versions')
    .select(VERSION_COLUMNS)
    .where('prompt_id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();

const labelRow = (db: StorageDb, id: number, label: string) =>
  db
    .selectFrom('prompt_labels')
    .select(LABEL_COLUMNS)
    .where('prompt_id', '=', id)
    .where('label', '=', label)
    .executeTakeFirst();

async function labelsOf(db: StorageDb, id: number): Promise<PromptLabels> {
  const labels = await db
    .selectFrom('prompt_labels')
    .select(LABEL_COLUMNS)
    .where('prompt_id', '=', id)
    .orderBy('label')
    .execute();
  const moves = await db
    .selectFrom('prompt_label_moves')
    .selectAll()
    .where('prompt_id', '=', id)
    .orderBy('id', 'desc')
    .execute();
  return { labels: labels.map(toLabel), moves: moves.map(toMove) };
}

const upsertLabel = (trx: StorageDb, id: number, label: string, version: number, protect: number, now: number) =>
  trx
    .insertInto('prompt_labels')
    .values({ prompt_id: id, label, version, protected: protect, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['prompt_id', 'label']).doUpdateSet((eb) => ({
        version: eb.ref('excluded.version'),
        protected: eb.ref('excluded.protected'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();

interface Move {
  label: string;
  from: number | null;
  to: number | null;
  undo: boolean;
}

const recordMove = (trx: StorageDb, id: number, move: Move, author: Author, now: number) =>
  trx
    .insertInto('prompt_label_moves')
    .values({
      prompt_id: id,
      label: move.label,
      from_version: move.from,
      to_version: move.to,
      moved_by: authorName(author),
      moved_at: now,
      undo: move.undo ? 1 : 0,
    })
    .execute();

const touch = (trx: StorageDb, id: number, now: number) =>
  trx.updateTable('prompts').set({ updated_at: now }).where('id', '=', id).execute();

class Refused extends Error {
  constructor(readonly outcome: { protectedLabel: string; name: string }) {
    super('protected');
  }
}

export function createPromptStore(db: StorageDb): PromptStore {
  return {
    async list(userId) {
      const rows = await db
        .selectFrom('prompts as p')
        .select((eb) => [
          'p.id',
          'p.name',
          'p.updated_at',
          eb
            .selectFrom('prompt_versions as v')
            .select((v) => v.fn.max('v.version').as('m'))
            .whereRef('v.prompt_id', '=', 'p.id')
            .as('latest'),
        ])
        .where('p.user_id', '=', userId)
        .orderBy('p.updated_at', 'desc')
        .orderBy('p.id', 'desc')
        .execute();
      const labels = await db
        .selectFrom('prompt_labels as l')
        .innerJoin('prompts as p', 'p.id', 'l.prompt_id')
        .selectAll('l')
        .where('p.user_id', '=', userId)
        .orderBy('l.label')
        .execute();
      return toSummaries(
        rows.map((r) => ({ ...r, latest: Number(r.latest) })),
        labels,
      );
    },
    saveVersion(author, name, input, now) {
      return forAuthor(db, author, async (trx) => {
        const id = await idOrNew(trx, author, name, now);
        const version = await nextVersion(trx, id);
        const row = await insertVersion(trx, id, version, author, input, now);
        await touch(trx, id, now);
        return toVersion(row);
      });
    },
    async resolve(userId, name, selector) {
      const id = await idOf(db, userId, name);
      if (id === undefined) return 'no-prompt';
      if ('label' in selector) {
        const row = await db
          .selectFrom('prompt_labels as l')
          .innerJoin('prompt_versions as v', (join) =>
            join.onRef('v.prompt_id', '=', 'l.prompt_id').onRef('v.version', '=', 'l.version'),
          )
          .select(VERSION_COLUMNS.map((c) => `v.${c}` as const))
          .where('l.prompt_id', '=', id)
          .where('l.label', '=', selector.label)
          .executeTakeFirst();
        return row ? toFetched(name, selector.label, toVersion(row)) : 'no-label';
      }
      const row =
        'version' in selector
          ? await versionRow(db, id, selector.version)
          : await db
              .selectFrom('prompt_versions')
              .select(VERSION_COLUMNS)
              .where('prompt_id', '=', id)
              .orderBy('version', 'desc')
              .limit(1)
              .executeTakeFirst();
      return row ? toFetched(name, null, toVersion(row)) : 'no-version';
    },
    async versions(userId, name) {
      const id = await idOf(db, userId, name);
      if (id === undefined) return undefined;
      const rows = await db
        .selectFrom('prompt_versions')
        .select(VERSION_COLUMNS)
        .where('prompt_id', '=', id)
        .orderBy('version', 'desc')
        .execute();
      return rows.map(toVersion);
    },
    async labels(userId, name) {
      const id = await idOf(db, userId, name);
      return id === undefined ? undefined : labelsOf(db, id);
    },
    moveLabel(author, name, label, m, now) {
      return forAuthor(db, author, async (trx) => {
        const id = await idOf(trx, ownerOf(author), name);
        if (id === undefined) return 'no-prompt' as const;
        if (!(await versionRow(trx, id, m.version))) return 'no-version' as const;
        const current = await labelRow(trx, id, label);
        const decision = decideMove(current, m.version, m.protected, m.confirm === true);
        if (decision === 'protected') return decision;
        if (decision === 'move') {
          const protect = m.protected ?? current?.protected === 1;
          await upsertLabel(trx, id, label, m.version, protect ? 1 : 0, now);
          if (current?.version !== m.version)
            await recordMove(
              trx,
              id,
              { label, from: current?.version ?? null, to: m.version, undo: false },
              author,
              now,
            );
          await touch(trx, id, now);
        }
        return labelsOf(trx, id);
      });
    },
    undoLabel(author, name, label, confirm, now) {
      return forAuthor(db, author, async (trx) => {
        const id = await idOf(trx, ownerOf(author), name);
        if (id === undefined) return 'no-prompt' as const;
        const last = await trx
          .selectFrom('prompt_label_moves')
          .selectAll()
          .where('prompt_id', '=', id)
          .where('label', '=', label)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (!last) return 'no-move' as const;
        const current = await labelRow(trx, id, label);
        if (current?.protected === 1 && !confirm) return 'protected' as const;
        if (last.from_version === null)
          await trx.deleteFrom('prompt_labels').where('prompt_id', '=', id).where('label', '=', label).execute();
        else await upsertLabel(trx, id, label, last.from_version, current?.protected ?? 0, now);
        const move = { label, from: current?.version ?? null, to: last.from_version, undo: true };
        await recordMove(trx, id, move, author, now);
        await touch(trx, id, now);
        return labelsOf(trx, id);
      });
    },
    async importBundle(author, bundle, now) {
      try {
        return await forAuthor(db, author, async (trx): Promise<ImportSummary> => {
          const prompts: ImportSummary['prompts'] = [];
          for (const p of bundle.prompts) {
            const id = await idOrNew(trx, author, p.name, now);
            const first = await nextVersion(trx, id);
            for (const [i, v] of p.versions.entries()) await insertVersion(trx, id, first + i, author, v, now);
            for (const [label, position] of Object.entries(p.labels)) {
              const current = await labelRow(trx, id, label);
              if (current?.protected === 1) throw new Refused({ protectedLabel: label, name: p.name });
              const to = first + position - 1;
              await upsertLabel(trx, id, label, to, current?.protected ?? 0, now);
              await recordMove(trx, id, { label, from: current?.version ?? null, to, undo: false }, author, now);
            }
            await touch(trx, id, now);
            prompts.push({ name: p.name, versions: p.versions.map((_, i) => first + i) });
          }
          for (const set of bundle.testSets) {
            const { name, prompt, rubric, cases } = set;
            const row = { user_id: ownerOf(author), name, prompt, rubric, cases: JSON.stringify(cases) };
            await trx
              .insertInto('test_sets')
              .values({ ...row, created_at: now, updated_at: now })
              .execute();
          }
          return { prompts, testSets: bundle.testSets.length };
        });
      } catch (err) {
        if (err instanceof Refused) return err.outcome;
        throw err;
      }
    },
  };
}
