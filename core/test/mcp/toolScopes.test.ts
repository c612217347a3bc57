/**
 * Issue 40, item 6: one rule for the scope each MCP tool needs, the one in the docs' table. A tool
 * that touches no account data (lint_prompt) takes any token, as POST /api/lint takes any caller;
 * issue 47: with `model: true` lint_prompt calls a model, which spends, so it then needs `run`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { availableTools } from '../../src/mcp/tools';

const DOC = path.resolve(import.meta.dirname, '../../../docs/cli-and-mcp.md');

describe('MCP tool scopes', () => {
  it('are the ones docs/cli-and-mcp.md lists', () => {
    const doc = readFileSync(DOC, 'utf8');
    const table = doc.slice(doc.indexOf('| tool '), doc.indexOf('\n\n', doc.indexOf('| tool ')));
    const documented = Object.fromEntries(
      [...table.matchAll(/^\| `(\w+)`\s*\| ([^|]*?)\s*\|/gm)].map((m) => [m[1], m[2]]),
    );
    const inCode = Object.fromEntries(
      availableTools(true).map((t) => [
        t.name,
        `${t.scope ?? 'any'}${t.modelScope ? ` (\`${t.modelScope}\` with \`model: true\`)` : ''}`,
      ]),
    );
    expect(documented).toEqual(inCode);
    expect(inCode.lint_prompt).toBe('any (`run` with `model: true`)');
  });
});
