/** Filling `{{variables}}` in: every variable must have a value, so a prompt never ships with a hole. */

/** The server's rule: letters, digits, `_`, `.` or `-`, starting with a letter or `_`, spaces allowed inside the braces. */
const VARIABLE = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

export class MissingVariableError extends Error {
  constructor(readonly missing: string[]) {
    super(
      `No value for ${missing.map((m) => `{{${m}}}`).join(', ')}: pass ${missing.length > 1 ? 'them' : 'it'} to compile().`,
    );
    this.name = 'MissingVariableError';
  }
}

/** Each variable of the text once, in order of first use. */
export const variablesOf = (text: string): string[] => [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]))];

export function compile(text: string, values: Record<string, string | number | boolean>): string {
  const missing = variablesOf(text).filter((name) => !Object.hasOwn(values, name));
  if (missing.length) throw new MissingVariableError(missing);
  return text.replace(VARIABLE, (_whole, name: string) => String(values[name]));
}
