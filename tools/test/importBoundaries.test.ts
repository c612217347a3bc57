/**
 * The import boundaries of biome.json (docs/code-rules.md), checked by running Biome on a probe file
 * written where the rule applies: a pattern that stops matching fails here, not silently.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const biome = path.join(root, 'node_modules/.bin/biome');

const FEATURE_RULE =
  "Features meet through their public entries: import '<feature>' (its index.ts) or '<feature>/lazy'";
const WORKSPACE_RULE = 'A relative import may not leave its workspace';

interface Diagnostic {
  category: string;
  message: string;
}

/** The noRestrictedImports messages Biome reports for `source` saved as a file in `folder`. */
function restrictedImports(folder: string, source: string, extension = 'ts'): string[] {
  const file = path.join(root, folder, `importProbe-${randomUUID()}.${extension}`);
  writeFileSync(file, source);
  try {
    let output: string;
    try {
      output = execFileSync(biome, ['lint', '--reporter=json', path.relative(root, file)], {
        cwd: root,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      // Biome exits non-zero when it reports an error; the report is still on stdout.
      output = (error as { stdout: string }).stdout;
    }
    const report = JSON.parse(output) as { diagnostics: Diagnostic[] };
    return report.diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports').map((d) => d.message);
  } finally {
    rmSync(file, { force: true });
  }
}

describe('feature boundaries inside an app', () => {
  const feature = 'mfe-workspace/src/features/output';

  it("fails a feature that imports another feature's file, statically or with import()", () => {
    expect(
      restrictedImports(feature, "import { ProvePanel } from '../prove/ProvePanel';\nexport const x = ProvePanel;\n"),
    ).toEqual([expect.stringContaining(FEATURE_RULE)]);
    expect(restrictedImports(feature, "export const load = () => import('../history/DiffView');\n")).toEqual([
      expect.stringContaining(FEATURE_RULE),
    ]);
    expect(
      restrictedImports(feature, "import sheet from '../side-panel/SidePanel.module.css';\nexport const x = sheet;\n"),
    ).toEqual([expect.stringContaining(FEATURE_RULE)]);
  });

  it("passes a feature that imports another feature's index or lazy entry, its own files and the app's ui/ and state/", () => {
    const source = [
      "import { ProvePanel } from '../prove';",
      "import { OutputPane } from './OutputPane';",
      "import { CloseIcon } from '../../ui/icons';",
      "import { useWorkspaceStore } from '../../state/workspaceStore';",
      "export const load = () => import('../history/lazy');",
      'export const all = [ProvePanel, OutputPane, CloseIcon, useWorkspaceStore];',
    ].join('\n');
    expect(restrictedImports(feature, `${source}\n`)).toEqual([]);
  });

  it("fails the app's own files (App.tsx, state/) that reach past a feature's index", () => {
    expect(
      restrictedImports(
        'mfe-workspace/src',
        "import { ProvePanel } from './features/prove/ProvePanel';\nexport const x = ProvePanel;\n",
      ),
    ).toEqual([expect.stringContaining(FEATURE_RULE)]);
    expect(
      restrictedImports(
        'mfe-workspace/src/state',
        "import { ProvePanel } from '../features/prove/ProvePanel';\nexport const x = ProvePanel;\n",
      ),
    ).toEqual([expect.stringContaining(FEATURE_RULE)]);
    expect(
      restrictedImports('mfe-trial/src', "import { Faq } from './features/marketing';\nexport const x = Faq;\n"),
    ).toEqual([]);
  });

  it('holds for tests too', () => {
    expect(
      restrictedImports(
        feature,
        "import { ProvePanel } from '../prove/ProvePanel';\nexport const x = ProvePanel;\n",
        'test.ts',
      ),
    ).toEqual([expect.stringContaining(FEATURE_RULE)]);
  });
});

describe('workspace boundaries', () => {
  it('fails a relative import into another workspace, from e2e/, a workspace test or a workspace source', () => {
    const intoShared =
      "import { LEGACY_STATS_STORAGE_KEY } from '../../shared/src/stores/statsStore';\nexport const x = LEGACY_STATS_STORAGE_KEY;\n";
    expect(restrictedImports('e2e/support', intoShared)).toEqual([expect.stringContaining(WORKSPACE_RULE)]);
    expect(restrictedImports('proxy-server/src', intoShared)).toEqual([expect.stringContaining(WORKSPACE_RULE)]);
    expect(
      restrictedImports(
        'core/test',
        "import { createNullModel } from '../../test-support/src/prove/nullModel';\nexport const x = createNullModel;\n",
      ),
    ).toEqual([expect.stringContaining(WORKSPACE_RULE)]);
  });

  it('passes the same import by package name, and relative imports inside the workspace', () => {
    expect(
      restrictedImports(
        'e2e/support',
        "import { LEGACY_STATS_STORAGE_KEY } from '@prompt-perfect/shared/stores/statsStore';\nexport const x = LEGACY_STATS_STORAGE_KEY;\n",
      ),
    ).toEqual([]);
    expect(
      restrictedImports('proxy-server/src', "import { loadConfig } from './config';\nexport const x = loadConfig;\n"),
    ).toEqual([]);
  });
});
