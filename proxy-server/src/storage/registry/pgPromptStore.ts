/** PromptStore on PostgreSQL: the SQLite store's logic, each change in one transaction holding the prompt's row. */
import type { PromptLabels } from '@prompt-perfect/core/api/registry';
import { type Client, inTransaction, LOCK, lockKey, type Pool } from '../postgres/pgPool';
import {
  authorName,
  decideMove,
  type LabelRow,
  type MoveRow,
  type SummaryRow,
  toFetched,
  toLabel,
  toMove,
  toSummaries,
  toVersion,
  VERSION_COLUMNS,
  type VersionRow,
  versionValues,
} from './promptRows';
import { testSetValues } from '../testSetRows';
import type { ImportSummary } from '@prompt-perfect/core/api/registry';
import type { PromptStore } from './promptStore';

type Q = Pool | Client;

async function one<T extends object>(db: Q, sql: string, params: unknown[]): Promise<T | undefined> {
  const { rows } = await db.query<T>(sql, params);
  return rows[0];
}

async function idOf(db: Q, userId: string, name: string, forUpdate = false): Promise<number | undefined> {
  const row = await one<{ id: number }>(
    db,
    `SELECT id FROM prompts WHERE user_id = $1 AND name = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [userId, name],
  );
  return row?.id;
}

const versionRow = (db: Q, id: number, version: number) =>
  one<VersionRow>(db, `SELECT ${VERSION_COLUMNS} FROM prompt_versions WHERE prompt_id = $1 AND version = $2`, [
    id,
    version,
  ]);
const labelRow = (db: Q, id: number, label: string) =>
  one<LabelRow>(
    db,
    'SELECT label, version, protected, updated_at FROM prompt_labels WHERE prompt_id = $1 AND label = $2',
    [id, label],
  );

async function labelsOf(db: Q, id: number): Promise<PromptLabels> {
  const labels = await db.query<LabelRow>(
    'SELECT label, version, protected, updated_at FROM prompt_labels WHERE prompt_id = $1 ORDER BY label',
    [id],
  );
  const moves = await db.query<MoveRow>('SELECT * FROM prompt_label_moves WHERE prompt_id = $1 ORDER BY id DESC', [id]);
  return { labels: labels.rows.map(toLabel), moves: moves.rows.map(toMove) };
}

const upsertLabel = (db: Q, id: number, label: string, version: number, protect: number, now: number) =>
  db.query(
    `INSERT INTO prompt_labels (prompt_id, label, version, protected, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (prompt_id, label) DO UPDATE SET version = EXCLUDED.version, protected = EXCLUDED.protected, updated_at = EXCLUDED.updated_at`,
    [id, label, version, protect, now],
  );
const insertMove = (
  db: Q,
  id: number,
  label: string,
  from: number | null,
  to: number | null,
  by: string,
  now: number,
  undo: number,
) =>
  db.query(
    'INSERT INTO prompt_label_moves (prompt_id, label, from_version, to_version, moved_by, moved_at, undo) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [id, label, from, to, by, now, undo],
  );
const touch = (db: Q, id: number, now: number) =>
  db.query('UPDATE prompts SET updated_at = $1 WHERE id = $2', [now, id]);

class Refused extends Error {
  constructor(readonly outcome: { protectedLabel: string; name: string }) {
    super('protected');
  }
}

export function createPgPromptStore(pool: Pool): PromptStore {
  return {
    async importBundle(author, bundle, now) {
      try {
        return await inTransaction(pool, async (c): Promise<ImportSummary> => {
          await lockKey(c, LOCK.user, author.id);
          const prompts: ImportSummary['prompts'] = [];
          for (const p of bundle.prompts) {
            let id = await idOf(c, author.id, p.name, true);
            if (id === undefined) {
              id = (
                await one<{ id: number }>(
                  c,
                  'INSERT INTO prompts (user_id, name, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING id',
                  [author.id, p.name, now],
                )
              )?.id as number;
            }
            const latest = await one<{ v: number | null }>(
              c,
              'SELECT MAX(version) AS v FROM prompt_versions WHERE prompt_id = $1',
              [id],
            );
            const first = (latest?.v ?? 0) + 1;
            for (const [i, v] of p.versions.entries()) {
              await c.query(
                `INSERT INTO prompt_versions (prompt_id, ${VERSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
                [id, first + i, ...versionValues(author, v, now)],
              );
            }
            for (const [label, position] of Object.entries(p.labels)) {
              const current = await labelRow(c, id, label);
              if (current?.protected === 1) throw new Refused({ protectedLabel: label, name: p.name });
              await upsertLabel(c, id, label, first + position - 1, current?.protected ?? 0, now);
              await insertMove(
                c,
                id,
                label,
                current?.version ?? null,
                first + position - 1,
                authorName(author),
                now,
                0,
              );
            }
            await touch(c, id, now);
            prompts.push({ name: p.name, versions: p.versions.map((_, i) => first + i) });
          }
          for (const set of bundle.testSets) {
            const v = testSetValues(author.id, set, now);
            await c.query(
              'INSERT INTO test_sets (user_id, name, prompt, rubric, cases, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)',
              [v.userId, v.name, v.prompt, v.rubric, v.cases, v.now],
            );
          }
          return { prompts, testSets: bundle.testSets.length };
        });
      } catch (err) {
        if (err instanceof Refused) return err.outcome;
        throw err;
      }
    },
    async list(userId) {
      const { rows } = await pool.query<SummaryRow>(
        `SELECT p.id, p.name, p.updated_at, (SELECT MAX(version) FROM prompt_versions v WHERE v.prompt_id = p.id) AS latest
         FROM prompts p WHERE p.user_id = $1 ORDER BY p.updated_at DESC, p.id DESC`,
        [userId],
      );
      const labels = await pool.query<LabelRow & { prompt_id: number }>(
        'SELECT l.* FROM prompt_labels l JOIN prompts p ON p.id = l.prompt_id WHERE p.user_id = $1 ORDER BY l.label',
        [userId],
      );
      return toSummaries(rows, labels.rows);
    },
    saveVersion(author, name, input, now) {
      return inTransaction(pool, async (c) => {
        // Two first saves of one name at once: the lock makes the second see the first's row.
        await lockKey(c, LOCK.user, author.id);
        let id = await idOf(c, author.id, name, true);
        if (id === undefined) {
          id = (
            await one<{ id: number }>(
              c,
              'INSERT INTO prompts (user_id, name, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING id',
              [author.id, name, now],
            )
          )?.id as number;
        }
        const latest = await one<{ v: number | null }>(
          c,
          'SELECT MAX(version) AS v FROM prompt_versions WHERE prompt_id = $1',
          [id],
        );
        const version = (latest?.v ?? 0) + 1;
        await c.query(
          `INSERT INTO prompt_versions (prompt_id, ${VERSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [id, version, ...versionValues(author, input, now)],
        );
        await touch(c, id, now);
        return toVersion((await versionRow(c, id, version)) as VersionRow);
      });
    },
    async resolve(userId, name, selector) {
      const id = await idOf(pool, userId, name);
      if (id === undefined) return 'no-prompt';
      if ('label' in selector) {
        const row = await one<VersionRow>(
          pool,
          `SELECT ${VERSION_COLUMNS.split(', ')
            .map((c) => `v.${c}`)
            .join(
              ', ',
            )} FROM prompt_labels l JOIN prompt_versions v ON v.prompt_id = l.prompt_id AND v.version = l.version
           WHERE l.prompt_id = $1 AND l.label = $2`,
          [id, selector.label],
        );
        return row ? toFetched(name, selector.label, toVersion(row)) : 'no-label';
      }
      const row =
        'version' in selector
          ? await versionRow(pool, id, selector.version)
          : await one<VersionRow>(
              pool,
              `SELECT ${VERSION_COLUMNS} FROM prompt_versions WHERE prompt_id = $1 ORDER BY version DESC LIMIT 1`,
              [id],
            );
      return row ? toFetched(name, null, toVersion(row)) : 'no-version';
    },
    async versions(userId, name) {
      const id = await idOf(pool, userId, name);
      if (id === undefined) return undefined;
      const { rows } = await pool.query<VersionRow>(
        `SELECT ${VERSION_COLUMNS} FROM prompt_versions WHERE prompt_id = $1 ORDER BY version DESC`,
        [id],
      );
      return rows.map(toVersion);
    },
    async labels(userId, name) {
      const id = await idOf(pool, userId, name);
      return id === undefined ? undefined : labelsOf(pool, id);
    },
    moveLabel(author, name, label, m, now) {
      return inTransaction(pool, async (c) => {
        const id = await idOf(c, author.id, name, true);
        if (id === undefined) return 'no-prompt' as const;
        if (!(await versionRow(c, id, m.version))) return 'no-version' as const;
        const current = await labelRow(c, id, label);
        const decision = decideMove(current, m.version, m.protected, m.confirm === true);
        if (decision === 'protected') return decision;
        if (decision === 'move') {
          const protect = m.protected ?? current?.protected === 1;
          await upsertLabel(c, id, label, m.version, protect ? 1 : 0, now);
          if (current?.version !== m.version)
            await insertMove(c, id, label, current?.version ?? null, m.version, authorName(author), now, 0);
          await touch(c, id, now);
        }
        return labelsOf(c, id);
      });
    },
    undoLabel(author, name, label, confirm, now) {
      return inTransaction(pool, async (c) => {
        const id = await idOf(c, author.id, name, true);
        if (id === undefined) return 'no-prompt' as const;
        const last = await one<MoveRow>(
          c,
          'SELECT * FROM prompt_label_moves WHERE prompt_id = $1 AND label = $2 ORDER BY id DESC LIMIT 1',
          [id, label],
        );
        if (!last) return 'no-move' as const;
        const current = await labelRow(c, id, label);
        if (current?.protected === 1 && !confirm) return 'protected' as const;
        if (last.from_version === null)
          await c.query('DELETE FROM prompt_labels WHERE prompt_id = $1 AND label = $2', [id, label]);
        else await upsertLabel(c, id, label, last.from_version, current?.protected ?? 0, now);
        await insertMove(c, id, label, current?.version ?? null, last.from_version, authorName(author), now, 1);
        await touch(c, id, now);
        return labelsOf(c, id);
      });
    },
  };
}
