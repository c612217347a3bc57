import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LINT_DIR = path.resolve(import.meta.dirname, '../../src/lint');

describe('lint sources in the browser build', () => {
  // The browser build spells out each Unicode property escape in a regex literal as a ~10 KB character
  // class (the lint chunk once grew from 75 to 597 KB that way). The linter reads Latin-script languages,
  // so a Latin letter class (a-zA-ZÀ-ÖØ-öø-ÿ\u0100-\u024f) says the same at a fraction of the size.
  it('hold no \\p{...} property escape in a regex literal', () => {
    const offenders = readdirSync(LINT_DIR, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        readFileSync(path.join(LINT_DIR, file), 'utf8')
          .split('\n')
          .map((line, i) => ({ where: `${file}:${i + 1}`, line }))
          .filter(
            ({ line }) => /(?<!\\)\\[pP]\{/.test(line) && !line.trim().startsWith('*') && !line.trim().startsWith('//'),
          ),
      )
      .map(({ where }) => where);
    expect(offenders).toEqual([]);
  });
});
