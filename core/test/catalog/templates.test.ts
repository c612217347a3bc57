import { describe, expect, it } from 'vitest';
import { findTemplate, TEMPLATE_CATEGORIES, templateStartValues, variableChoices } from '../../src/catalog/templates';
import { LANGUAGES } from '../../src/catalog/languages';
import { variableNames } from '../../src/prompt/variables';
import { lintPrompt } from '../../src/lint';

const ALL = TEMPLATE_CATEGORIES.flatMap((c) => c.templates);

describe('templates as shipped', () => {
  it('are 16, four per category', () => {
    expect(ALL).toHaveLength(16);
    for (const c of TEMPLATE_CATEGORIES) expect(c.templates).toHaveLength(4);
  });

  it.each(ALL.map((t) => [t.id, t] as const))(
    '%s uses {{variables}}, not [blanks], each with a suggested value',
    (_id, t) => {
      expect(t.text).not.toMatch(/\[[^\]]*\]/);
      const names = variableNames(t.text);
      expect(names.length).toBeGreaterThan(0);
      expect(Object.keys(t.values)).toEqual(names);
      for (const name of names) expect(t.values[name][0]).not.toBe('');
    },
  );

  it.each(ALL.map((t) => [t.id, t] as const))(
    '%s raises no Prompt-check finding, chosen with its start values, in English',
    (_id, t) => {
      // What the workspace checks right after the template is chosen: the text with its test values.
      expect(lintPrompt(t.text, { variables: templateStartValues(t), outputLanguage: 'English' })).toEqual([]);
      // The bare text (no test values known, as the CLI sees it): only a note per placeholder, to fill it in.
      const bare = lintPrompt(t.text);
      expect(bare.map((f) => [f.rule, f.severity])).toEqual(
        variableNames(t.text).map(() => ['unresolved-variable', 'info']),
      );
    },
  );

  it.each(ALL.map((t) => [t.id, t] as const))(
    '%s offers a variable with several suggestions as choices, and no others',
    (_id, t) => {
      for (const [name, values] of Object.entries(t.values)) {
        expect(new Set(values).size).toBe(values.length);
        expect(variableChoices(t.id, name)).toEqual(values.length > 1 ? values : []);
      }
    },
  );

  it('the Email template offers its tone as choices instead of a [formal/casual] blank', () => {
    expect(findTemplate('email-assistant')?.text).toContain('{{tone}}');
    expect(variableChoices('email-assistant', 'tone').length).toBeGreaterThan(1);
    expect(variableChoices(null, 'tone')).toEqual([]);
  });

  it('every language id is one the check understands', () => {
    expect(LANGUAGES.map((l) => l.id)).toContain('English');
  });
});
