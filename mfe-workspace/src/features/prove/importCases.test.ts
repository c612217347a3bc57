import { describe, expect, it } from 'vitest';
import { TEST_CASE_INPUT_MAX } from '@prompt-perfect/core/api/prove';
import { importCases } from './importCases';

describe('importing cases from CSV', () => {
  it('reads input and expected by header name, in any column order, with quotes, commas and line breaks', () => {
    const csv =
      '\uFEFFexpected,input\r\n"Mentions ""Paris""","What is the capital of France, briefly?"\r\n,"Two\nlines"\n\n';
    expect(importCases('cases.CSV', csv)).toEqual({
      ok: true,
      cases: [
        { input: 'What is the capital of France, briefly?', expected: 'Mentions "Paris"' },
        { input: 'Two\nlines' },
      ],
    });
  });

  it('accepts a file without an expected column', () => {
    expect(importCases('a.csv', 'input\nOne\nTwo')).toEqual({ ok: true, cases: [{ input: 'One' }, { input: 'Two' }] });
  });

  it('says what is wrong with a bad file, by row number as a spreadsheet shows it', () => {
    expect(importCases('a.csv', 'question,answer\nx,y')).toEqual({
      ok: false,
      error: expect.stringContaining('header row with an "input" column'),
    });
    expect(importCases('a.csv', 'input,expected\nfine,\n ,only expected')).toEqual({
      ok: false,
      error: 'Row 3 has no input.',
    });
    expect(importCases('a.csv', 'input\n"never closed')).toEqual({
      ok: false,
      error: expect.stringContaining('never closed'),
    });
    expect(importCases('a.csv', 'input\n')).toEqual({ ok: false, error: 'The file holds no test cases.' });
    expect(importCases('a.csv', `input\n${'x'.repeat(TEST_CASE_INPUT_MAX + 1)}`)).toEqual({
      ok: false,
      error: `Row 2: the input is longer than ${TEST_CASE_INPUT_MAX} characters.`,
    });
  });
});

describe('importing cases from JSON', () => {
  it('reads an array or an object with cases', () => {
    const cases = [{ input: 'A', expected: 'point' }, { input: ' B ' }];
    const want = { ok: true, cases: [{ input: 'A', expected: 'point' }, { input: 'B' }] };
    expect(importCases('set.json', JSON.stringify(cases))).toEqual(want);
    expect(importCases('set.json', JSON.stringify({ name: 'x', cases }))).toEqual(want);
  });

  it('says what is wrong with a bad file', () => {
    expect(importCases('set.json', '{oops')).toEqual({ ok: false, error: 'This JSON file is not valid JSON.' });
    expect(importCases('set.json', '{"items":[]}')).toEqual({
      ok: false,
      error: expect.stringContaining('must be an array'),
    });
    expect(importCases('set.json', '[{"input":"ok"},"text"]')).toEqual({ ok: false, error: 'Item 2 has no input.' });
    expect(importCases('set.json', '[{"input":"ok","expected":3}]')).toEqual({
      ok: false,
      error: 'Item 1: "expected" must be text.',
    });
    expect(importCases('set.json', '[]')).toEqual({ ok: false, error: 'The file holds no test cases.' });
  });

  it('refuses other file types', () => {
    expect(importCases('cases.xlsx', 'PK')).toEqual({ ok: false, error: 'Choose a .csv or .json file.' });
  });
});
