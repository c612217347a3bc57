/**
 * Issue 47, item 2: the model check's pure part. The fixed instruction carries the meaning rules and
 * the answer's schema; an answer off the schema is refused; each quote is placed in the prompt or
 * dropped; a model finding that repeats a rule's finding is merged into it, not listed twice.
 */
import { describe, expect, it } from 'vitest';
import { lintPrompt } from '../../../src/lint/index';
import {
  checkWithModel,
  MODEL_LINT_ANSWER_SCHEMA,
  MODEL_LINT_INSTRUCTION,
  MODEL_LINT_RULE_IDS,
  mergeFindings,
  ModelLintAnswerError,
  modelFindingsOf,
  modelLintRequest,
} from '../../../src/lint/model/index';

const PROMPT = 'Summarize the email below for a busy manager.\nHi team, the launch moves to Friday.';
const answer = (findings: unknown[]) => JSON.stringify({ findings });

describe('the model check request', () => {
  it('sends the fixed instruction with every meaning rule and the JSON schema, and the prompt fenced as data', () => {
    const request = modelLintRequest(PROMPT);
    expect(request.systemPrompt).toBe(MODEL_LINT_INSTRUCTION);
    for (const rule of MODEL_LINT_RULE_IDS) expect(request.systemPrompt).toContain(`- ${rule}: `);
    expect(request.systemPrompt).toContain(JSON.stringify(MODEL_LINT_ANSWER_SCHEMA));
    expect(MODEL_LINT_ANSWER_SCHEMA.properties.findings.items.properties.rule.enum).toEqual([...MODEL_LINT_RULE_IDS]);
    expect(request.userPrompt).toBe(`<prompt>\n${PROMPT}\n</prompt>`);
    // The same prompt always makes the same request: answers can be cached by prompt and model.
    expect(modelLintRequest(PROMPT)).toEqual(request);
  });
});

describe('the model answer', () => {
  it('is refused when it is not JSON, or not the schema (a rule it was not asked about, a missing field)', () => {
    expect(() => modelFindingsOf(PROMPT, 'Looks fine to me!')).toThrow(ModelLintAnswerError);
    expect(() =>
      modelFindingsOf(PROMPT, answer([{ rule: 'vague-quantifier', quote: 'busy', why: 'w', fix: 'f' }])),
    ).toThrow(/does not follow the schema .*findings\.0\.rule/);
    expect(() => modelFindingsOf(PROMPT, answer([{ rule: 'undelimited-input', quote: 'Hi team' }]))).toThrow(
      ModelLintAnswerError,
    );
    expect(() => modelFindingsOf(PROMPT, '{"findings": [], "note": "extra"}')).toThrow(ModelLintAnswerError);
  });

  it('places each quote in the prompt (also across re-wrapped lines) and drops, counting them, quotes not in it', () => {
    const text = answer([
      {
        rule: 'undelimited-input',
        quote: 'Hi team, the launch moves to Friday.',
        why: 'Pasted email.',
        fix: 'Fence it.',
      },
      { rule: 'no-output-format', quote: 'for a busy   manager. Hi team', why: 'No length.', fix: 'Say 3 bullets.' },
      { rule: 'duplicate-instruction', quote: 'Summarize it twice', why: 'Made up.', fix: 'None.' },
      { rule: 'buried-instruction', quote: '   ', why: 'Empty quote.', fix: 'None.' },
    ]);
    const { findings, dropped } = modelFindingsOf(PROMPT, text);
    expect(dropped).toBe(2);
    expect(findings).toHaveLength(2);
    const [pasted, form] = findings;
    expect(PROMPT.slice(pasted.start, pasted.end)).toBe('Hi team, the launch moves to Friday.');
    expect(pasted).toMatchObject({
      rule: 'undelimited-input',
      source: 'model',
      message: 'Pasted email.',
      suggestion: 'Fence it.',
      severity: 'warning',
    });
    expect(pasted.why.length).toBeGreaterThan(20);
    expect(PROMPT.slice(form.start, form.end)).toBe('for a busy manager.\nHi team');
  });

  it('tolerates a code fence around the JSON', async () => {
    const fenced = `\`\`\`json\n${answer([{ rule: 'undelimited-input', quote: 'Hi team', why: 'w', fix: 'f' }])}\n\`\`\``;
    const asked: string[] = [];
    const result = await checkWithModel(PROMPT, async (request) => {
      asked.push(request.userPrompt);
      return fenced;
    });
    expect(asked).toEqual([`<prompt>\n${PROMPT}\n</prompt>`]);
    expect(result.findings).toHaveLength(1);
  });
});

describe('merging with the rules', () => {
  it("merges a model finding into an overlapping rule finding of the same rule, and marks every finding's source", () => {
    const prompt = 'Write a haiku about autumn. Write a haiku about autumn.';
    const rules = lintPrompt(prompt);
    const duplicate = rules.find((f) => f.rule === 'duplicate-instruction');
    expect(duplicate).toBeDefined();
    const model = modelFindingsOf(
      prompt,
      answer([
        {
          rule: 'duplicate-instruction',
          quote: prompt.slice(duplicate!.start, duplicate!.end),
          why: 'Twice.',
          fix: 'Once.',
        },
        { rule: 'language-mismatch', quote: 'autumn', why: 'Other finding.', fix: 'x' },
      ]),
    );
    const merged = mergeFindings(prompt, rules, model.findings);
    const duplicates = merged.filter((f) => f.rule === 'duplicate-instruction');
    expect(duplicates).toHaveLength(rules.filter((f) => f.rule === 'duplicate-instruction').length);
    expect(duplicates.find((f) => f.start === duplicate!.start)).toMatchObject({
      source: 'both',
      message: duplicate!.message,
      suggestion: 'Once.',
    });
    expect(merged.filter((f) => f.source === 'model').map((f) => f.rule)).toEqual(['language-mismatch']);
    expect(merged.filter((f) => f.source === 'rules')).toHaveLength(rules.length - 1);
    expect(merged.length).toBe(rules.length + 1);
    // Neither input is changed.
    expect(rules.every((f) => f.source === undefined)).toBe(true);
  });
});
