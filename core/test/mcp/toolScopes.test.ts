/**
 * Issue 40, item 6: one rule for the scope each MCP tool needs, the one in the docs' table. A tool
 * that touches no account data (lint_prompt) takes any token, as POST /api/lint takes any caller.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { availableTools } from '../../src/mcp/tools';

const DOC = path.resolve(import.meta.dirname, '../../../docs/cli-and-mcp.md');

describe('MCP tool scopes', () => {
  it('are the ones docs/cli-and-mcp.md lists', () => {
    const documented = Object.fromEntries(
      [...readFileSync(DOC, 'utf8').matchAll(/^\| `(\w+)`\s*\| (\w+)\s*\|/gm)].map((m) => [m[1], m[2]]),
    );
    const inCode = Object.fromEntries(availableTools(true).map((t) => [t.name, t.scope ?? 'any']));
    expect(documented).toEqual(inCode);
    expect(inCode.lint_prompt).toBe('any');
  });
});
