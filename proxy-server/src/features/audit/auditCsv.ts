/**
 * The audit log as CSV (RFC 4180): every cell quoted when it holds a quote, comma or line break.
 * A cell a spreadsheet would run as a formula (it starts with = + - @, or a tab or carriage return)
 * gets a leading single quote, so an actor's name or a summary cannot inject one (OWASP "CSV injection").
 */
import type { AuditEntry } from '@prompt-perfect/core/api/orgs';

const HEADER = ['id', 'at', 'actor_id', 'actor_name', 'action', 'prompt', 'summary', 'details'];
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

const row = (cells: string[]) => cells.map(csvCell).join(',');

export function auditCsv(entries: AuditEntry[]): string {
  const lines = entries.map((e) =>
    row([String(e.id), e.at, e.actor.id, e.actor.name, e.action, e.prompt ?? '', e.summary, JSON.stringify(e.details)]),
  );
  return `${[row(HEADER), ...lines].join('\r\n')}\r\n`;
}
