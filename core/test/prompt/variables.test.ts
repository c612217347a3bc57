import { describe, expect, it } from 'vitest';
import { fillVariables, findVariables, variableNames } from '../../src/prompt/variables';

describe('{{variables}}', () => {
  it('finds each use with its offsets, and each name once in order', () => {
    const text = 'Hi {{ name }}, about {{order_id}}: thanks {{name}}.';
    expect(findVariables(text).map((v) => [v.name, text.slice(v.start, v.end)])).toEqual([
      ['name', '{{ name }}'],
      ['order_id', '{{order_id}}'],
      ['name', '{{name}}'],
    ]);
    expect(variableNames(text)).toEqual(['name', 'order_id']);
    expect(variableNames('{single} {{ }} {{1x}}')).toEqual([]);
  });
  it('fills in the values it has and leaves the others as written', () => {
    expect(
      fillVariables('Dear {{name}}, your {{ item }} ships {{when}}.', { name: 'Ada', item: 'lamp', when: '' }),
    ).toBe('Dear Ada, your lamp ships {{when}}.');
    expect(fillVariables('{{a}} and {{a}}', { a: '$1 {{b}}' })).toBe('$1 {{b}} and $1 {{b}}');
  });
});
