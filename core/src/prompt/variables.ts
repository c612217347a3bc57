/** `{{name}}` placeholders in a prompt: finding them and filling them in with test values. */

export interface VariableUse {
  name: string;
  start: number;
  end: number;
}

/** A well-formed `{{ name }}`: letters, digits, `_`, `.` or `-`, starting with a letter or `_`. */
const VARIABLE = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

export function findVariables(text: string): VariableUse[] {
  return [...text.matchAll(VARIABLE)].map((m) => ({ name: m[1], start: m.index, end: m.index + m[0].length }));
}

/** Each variable name once, in order of first use. */
export function variableNames(text: string): string[] {
  return [...new Set(findVariables(text).map((v) => v.name))];
}

/** Replaces every `{{name}}` that has a value; variables without one stay as written. */
export function fillVariables(text: string, values: Record<string, string>): string {
  return text.replace(VARIABLE, (whole, name: string) =>
    Object.hasOwn(values, name) && values[name] !== '' ? values[name] : whole,
  );
}
