/** PromptStore on the embedded SQLite database: each change is one immediate transaction. */
import type { PromptLabels } from '@prompt-perfect/core/api/registry';
import type { Db } from '../../db';
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

type Values = ReturnType<typeof versionValues>;

export function createSqlitePromptStore(db: Db): PromptStore {
  const q = {
    promptId: db.prepare<[string, string], { id: number }>('SELECT id FROM prompts WHERE user_id = ? AND name = ?'),
    insertPrompt: db.prepare<[string, string, number, number]>(
      'INSERT INTO prompts (user_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)',
    ),
    touch: db.prepare<[number, number]>('UPDATE prompts SET updated_at = ? WHERE id = ?'),
    summaries: db.prepare<[string], SummaryRow>(
      `SELECT p.id, p.name, p.updated_at, (SELECT MAX(version) FROM prompt_versions v WHERE v.prompt_id = p.id) AS latest
       FROM prompts p WHERE p.user_id = ? ORDER BY p.updated_at DESC, p.id DESC`,
    ),
    userLabels: db.prepare<[string], LabelRow & { prompt_id: number }>(
      'SELECT l.* FROM prompt_labels l JOIN prompts p ON p.id = l.prompt_id WHERE p.user_id = ? ORDER BY l.label',
    ),
    latest: db.prepare<[number], { v: number | null }>(
      'SELECT MAX(version) AS v FROM prompt_versions WHERE prompt_id = ?',
    ),
    insertVersion: db.prepare<[number, number, ...Values]>(
      `INSERT INTO prompt_versions (prompt_id, ${VERSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    version: db.prepare<[number, number], VersionRow>(
      `SELECT ${VERSION_COLUMNS} FROM prompt_versions WHERE prompt_id = ? AND version = ?`,
    ),
    newest: db.prepare<[number], VersionRow>(
      `SELECT ${VERSION_COLUMNS} FROM prompt_versions WHERE prompt_id = ? ORDER BY version DESC LIMIT 1`,
    ),
    versions: db.prepare<[number], VersionRow>(
      `SELECT ${VERSION_COLUMNS} FROM prompt_versions WHERE prompt_id = ? ORDER BY version DESC`,
    ),
    label: db.prepare<[number, string], LabelRow>(
      'SELECT label, version, protected, updated_at FROM prompt_labels WHERE prompt_id = ? AND label = ?',
    ),
    labels: db.prepare<[number], LabelRow>(
      'SELECT label, version, protected, updated_at FROM prompt_labels WHERE prompt_id = ? ORDER BY label',
    ),
    upsertLabel: db.prepare<[number, string, number, number, number]>(
      `INSERT INTO prompt_labels (prompt_id, label, version, protected, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (prompt_id, label) DO UPDATE SET version = excluded.version, protected = excluded.protected, updated_at = excluded.updated_at`,
    ),
    deleteLabel: db.prepare<[number, string]>('DELETE FROM prompt_labels WHERE prompt_id = ? AND label = ?'),
    insertMove: db.prepare<[number, string, number | null, number | null, string, number, number]>(
      'INSERT INTO prompt_label_moves (prompt_id, label, from_version, to_version, moved_by, moved_at, undo) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    moves: db.prepare<[number], MoveRow>('SELECT * FROM prompt_label_moves WHERE prompt_id = ? ORDER BY id DESC'),
    insertTestSet: db.prepare<[string, string, string, string, string, number, number]>(
      'INSERT INTO test_sets (user_id, name, prompt, rubric, cases, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    lastMove: db.prepare<[number, string], MoveRow>(
      'SELECT * FROM prompt_label_moves WHERE prompt_id = ? AND label = ? ORDER BY id DESC LIMIT 1',
    ),
  };
  const idOf = (userId: string, name: string) => q.promptId.get(userId, name)?.id;
  const labelsOf = (id: number): PromptLabels => ({
    labels: q.labels.all(id).map(toLabel),
    moves: q.moves.all(id).map(toMove),
  });

  const save = db.transaction(
    (
      author: Parameters<PromptStore['saveVersion']>[0],
      name: string,
      input: Parameters<PromptStore['saveVersion']>[2],
      now: number,
    ) => {
      let id = idOf(author.id, name);
      if (id === undefined) id = Number(q.insertPrompt.run(author.id, name, now, now).lastInsertRowid);
      const version = (q.latest.get(id)?.v ?? 0) + 1;
      q.insertVersion.run(id, version, ...versionValues(author, input, now));
      q.touch.run(now, id);
      return toVersion(q.version.get(id, version) as VersionRow);
    },
  );

  const move = db.transaction((...[author, name, label, m, now]: Parameters<PromptStore['moveLabel']>) => {
    const id = idOf(author.id, name);
    if (id === undefined) return 'no-prompt' as const;
    if (!q.version.get(id, m.version)) return 'no-version' as const;
    const current = q.label.get(id, label);
    const decision = decideMove(current, m.version, m.protected, m.confirm === true);
    if (decision === 'protected') return decision;
    if (decision === 'move') {
      const protect = m.protected ?? current?.protected === 1;
      q.upsertLabel.run(id, label, m.version, protect ? 1 : 0, now);
      if (current?.version !== m.version)
        q.insertMove.run(id, label, current?.version ?? null, m.version, authorName(author), now, 0);
      q.touch.run(now, id);
    }
    return labelsOf(id);
  });

  const undo = db.transaction((...[author, name, label, confirm, now]: Parameters<PromptStore['undoLabel']>) => {
    const id = idOf(author.id, name);
    if (id === undefined) return 'no-prompt' as const;
    const last = q.lastMove.get(id, label);
    if (!last) return 'no-move' as const;
    const current = q.label.get(id, label);
    if (current?.protected === 1 && !confirm) return 'protected' as const;
    if (last.from_version === null) q.deleteLabel.run(id, label);
    else q.upsertLabel.run(id, label, last.from_version, current?.protected ?? 0, now);
    q.insertMove.run(id, label, current?.version ?? null, last.from_version, authorName(author), now, 1);
    q.touch.run(now, id);
    return labelsOf(id);
  });

  class Refused extends Error {
    constructor(readonly outcome: { protectedLabel: string; name: string }) {
      super('protected');
    }
  }
  const importAll = db.transaction(
    (...[author, bundle, now]: Parameters<PromptStore['importBundle']>): ImportSummary => {
      const prompts = bundle.prompts.map((p) => {
        let id = idOf(author.id, p.name);
        if (id === undefined) id = Number(q.insertPrompt.run(author.id, p.name, now, now).lastInsertRowid);
        const first = (q.latest.get(id)?.v ?? 0) + 1;
        for (const [i, v] of p.versions.entries()) q.insertVersion.run(id, first + i, ...versionValues(author, v, now));
        for (const [label, position] of Object.entries(p.labels)) {
          const current = q.label.get(id, label);
          if (current?.protected === 1) throw new Refused({ protectedLabel: label, name: p.name });
          q.upsertLabel.run(id, label, first + position - 1, current?.protected ?? 0, now);
          q.insertMove.run(id, label, current?.version ?? null, first + position - 1, authorName(author), now, 0);
        }
        q.touch.run(now, id);
        return { name: p.name, versions: p.versions.map((_, i) => first + i) };
      });
      for (const set of bundle.testSets) {
        const v = testSetValues(author.id, set, now);
        q.insertTestSet.run(v.userId, v.name, v.prompt, v.rubric, v.cases, v.now, v.now);
      }
      return { prompts, testSets: bundle.testSets.length };
    },
  );

  return {
    async importBundle(...args) {
      try {
        return importAll.immediate(...args);
      } catch (err) {
        if (err instanceof Refused) return err.outcome;
        throw err;
      }
    },
    async list(userId) {
      return toSummaries(q.summaries.all(userId), q.userLabels.all(userId));
    },
    async saveVersion(author, name, input, now) {
      return save.immediate(author, name, input, now);
    },
    async resolve(userId, name, selector) {
      const id = idOf(userId, name);
      if (id === undefined) return 'no-prompt';
      if ('label' in selector) {
        const label = q.label.get(id, selector.label);
        if (!label) return 'no-label';
        return toFetched(name, selector.label, toVersion(q.version.get(id, label.version) as VersionRow));
      }
      const row = 'version' in selector ? q.version.get(id, selector.version) : q.newest.get(id);
      return row ? toFetched(name, null, toVersion(row)) : 'no-version';
    },
    async versions(userId, name) {
      const id = idOf(userId, name);
      return id === undefined ? undefined : q.versions.all(id).map(toVersion);
    },
    async labels(userId, name) {
      const id = idOf(userId, name);
      return id === undefined ? undefined : labelsOf(id);
    },
    async moveLabel(...args) {
      return move.immediate(...args);
    },
    async undoLabel(...args) {
      return undo.immediate(...args);
    },
  };
}
