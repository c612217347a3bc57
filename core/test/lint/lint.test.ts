import { describe, expect, it } from 'vitest';
import { applyFix, lintPrompt, LINT_RULE_IDS, type LintContext, type LintRuleId } from '../../src/lint/index';

const findingsOf = (rule: LintRuleId, text: string, context?: LintContext) =>
  lintPrompt(text, context).filter((f) => f.rule === rule);

/** Applies the rule's first fix and checks that the text now has one finding fewer for that rule. */
function fixRemovesFinding(rule: LintRuleId, text: string, context?: LintContext): string {
  const before = findingsOf(rule, text, context);
  const fix = before.find((f) => f.fix)?.fix;
  expect(fix, `a fix for ${rule}`).toBeDefined();
  const fixed = applyFix(text, fix!);
  expect(findingsOf(rule, fixed, context).length).toBe(before.length - 1);
  return fixed;
}

describe('lintPrompt', () => {
  it('every finding carries a stable rule id, a severity, a why, a guidance link and offsets inside the text', () => {
    const text =
      'Use a friendly tone. Write some tips for {{topic}}. Use a friendly tone. Be concise but also cover every aspect in great detail.';
    const findings = lintPrompt(text, { variables: {} });
    expect(findings.length).toBeGreaterThan(2);
    for (const f of findings) {
      expect(LINT_RULE_IDS).toContain(f.rule);
      expect(['error', 'warning', 'info']).toContain(f.severity);
      expect(f.why.length).toBeGreaterThan(20);
      expect(f.guidance).toMatch(/^https:\/\/(docs\.anthropic\.com|help\.openai\.com|cookbook\.openai\.com)\//);
      expect(f.start).toBeGreaterThanOrEqual(0);
      expect(f.end).toBeLessThanOrEqual(text.length);
      expect(f.start).toBeLessThanOrEqual(f.end);
    }
    expect(findings.map((f) => f.start)).toEqual([...findings.map((f) => f.start)].sort((a, b) => a - b));
  });

  it('a clear, well-formed prompt has no findings', () => {
    const text =
      'You are a support agent. Reply to the customer email in <email> tags in at most 4 sentences, in a warm tone.\n\n<email>\nMy order arrived late.\n</email>';
    expect(lintPrompt(text)).toEqual([]);
  });
});

describe('unresolved-variable', () => {
  it('flags a variable with no value and a value never used when values are given', () => {
    const text = 'Write a welcome email to {{name}} about {{product}} in 3 sentences.';
    const found = findingsOf('unresolved-variable', text, { variables: { name: 'Ada', product: ' ', plan: 'Pro' } });
    expect(found.map((f) => [f.severity, text.slice(f.start, f.end)])).toEqual([
      ['warning', ''],
      ['info', '{{product}}'],
    ]);
    const sent = findingsOf('unresolved-variable', text, { variables: { name: 'Ada', product: '' }, sending: true });
    expect(sent.map((f) => [f.severity, f.message])).toEqual([
      ['error', '{{product}} has no value: Test Prompt would send it as written.'],
    ]);
    expect(found[0].message).toContain('{{plan}}');
    expect(findingsOf('unresolved-variable', text, { variables: { name: 'Ada', product: 'Pens' } })).toEqual([]);
  });
  it('with no test values known at all, each placeholder is a note, once, and never more', () => {
    const text = 'Write to {{name}} about {{product}}; sign it for {{name}}.';
    const found = findingsOf('unresolved-variable', text);
    expect(found.map((f) => [f.severity, text.slice(f.start, f.end)])).toEqual([
      ['info', '{{name}}'],
      ['info', '{{product}}'],
    ]);
    expect(found[0].message).toBe(
      '{{name}} is a placeholder with no value here: fill it in, or give it a test value before you test the prompt.',
    );
    expect(findingsOf('unresolved-variable', 'Write to Ada about pens.')).toEqual([]);
  });
  it('an unclosed {{name is closed by its fix, and then only its missing value is left', () => {
    const closes = (text: string) => {
      const [unclosed] = findingsOf('unresolved-variable', text);
      expect(unclosed.message).toBe('{{name is not closed: write {{name}}.');
      const fixed = applyFix(text, unclosed.fix!);
      expect(findingsOf('unresolved-variable', fixed).map((f) => f.severity)).toEqual(['info']);
      return fixed;
    };
    expect(closes('Greet {{name warmly in 2 sentences.')).toBe('Greet {{name}} warmly in 2 sentences.');
    expect(closes('Greet {{name } warmly.')).toBe('Greet {{name}} warmly.');
    expect(closes('Greet {{name')).toBe('Greet {{name}}');
  });
});

describe('lost-variable', () => {
  it('flags a variable of the original missing from the optimized prompt and adds it back', () => {
    const original = 'summarize {{document}} for {{audience}}';
    const optimized = 'Summarize the document below for {{audience}} in 5 bullet points.';
    const found = findingsOf('lost-variable', optimized, { original });
    expect(found).toHaveLength(1);
    expect(found[0].message).toContain('{{document}}');
    expect(fixRemovesFinding('lost-variable', optimized, { original })).toContain(
      '<document>\n{{document}}\n</document>',
    );
    expect(findingsOf('lost-variable', optimized)).toEqual([]);
    expect(findingsOf('lost-variable', 'Use {{document}} and {{audience}}.', { original })).toEqual([]);
  });
});

describe('conflicting-constraints', () => {
  it.each([
    'Be concise. Explain every step in great detail.',
    'Do not use bullet points. Present the findings as a bulleted list.',
    'Write in a formal register. Keep it casual and fun.',
    'Keep it under 50 words. The essay must be at least 500 words.',
    // Worded unlike any phrase list: a limit on length against a demand for depth, format against format.
    'Limit your answer to 2 sentences. Make sure the reply is comprehensive and addresses every concern.',
    'Return the result as a JSON object with the keys name and date. Write it as a plain letter to the customer.',
    'Give no more than 3 bullet points. List 8 reasons to adopt a cat.',
    'Only reply with the answer, and write explanations when needed. Do not write explanations.',
    // Structure, not phrase pairs: any letter against JSON, a forbidden markup against a table.
    'Reply in JSON with the keys city and rain. Since it goes to the mayor, write it as a warm thank-you letter.',
    'Output only a markdown table of the three plans. The screen shows raw text, so do not use any markdown formatting.',
  ])('flags %s', (text) => {
    expect(findingsOf('conflicting-constraints', text)).toHaveLength(1);
  });
  it.each([
    'Be concise but thorough.',
    'Do not be too detailed; keep it brief.',
    'Keep it under 500 words and at least 300 words.',
    'Write a formal letter. Avoid slang.',
    'Answer in one sentence.',
    'Return JSON with the keys subject and body; the body is the letter text.',
    'We want a comprehensive understanding of the market. Keep the answer concise.',
    // Two parts of the answer, each in its own list item, may differ.
    'Write two notes about the fire drill:\n1. A formal notice for the landlord.\n2. A casual chat message for the flatmates.',
  ])('does not flag %s', (text) => {
    expect(findingsOf('conflicting-constraints', text)).toEqual([]);
  });
});

describe('no-output-format', () => {
  it('flags a task with no form or length, not one that has one or keeps the input form', () => {
    expect(findingsOf('no-output-format', 'Tell me about the history of Rome')).toHaveLength(1);
    expect(findingsOf('no-output-format', 'Tell me about the history of Rome as a timeline table')).toEqual([]);
    expect(findingsOf('no-output-format', 'Translate this into German: where is the station?')).toEqual([]);
  });
  it("does not take a count or a format word in the input for the answer's form", () => {
    expect(
      findingsOf('no-output-format', 'Explain the query below.\n```\nCREATE TABLE users (id int);\n```'),
    ).toHaveLength(1);
    expect(
      findingsOf(
        'no-output-format',
        'Write copy for the lamp in our shop window. It glows for 12 hours on one charge.',
      ),
    ).toHaveLength(1);
    expect(findingsOf('no-output-format', 'Tag each photo with its season. Output the tag only.')).toEqual([]);
  });
});

describe('example-format-mismatch', () => {
  it('flags invalid JSON in an example when JSON is asked, and repairs it', () => {
    const text = 'Return JSON with the keys name and age.\nInput: Bob is 3\nOutput: {name: "Bob", age: 3,}';
    expect(findingsOf('example-format-mismatch', text)).toHaveLength(1);
    expect(fixRemovesFinding('example-format-mismatch', text)).toContain('Output: {"name": "Bob", "age": 3}');
  });
  it('flags a non-JSON example answer and a label outside the set; a case slip is fixed', () => {
    expect(findingsOf('example-format-mismatch', 'Respond in JSON.\nInput: hi\nOutput: a greeting')).toHaveLength(1);
    const labels =
      'Classify the review as positive, negative or neutral.\nReview: great!\nLabel: Positive\nReview: meh\nLabel: mixed';
    expect(findingsOf('example-format-mismatch', labels).map((f) => f.message)).toEqual([
      '"Positive" is not one of the allowed labels (positive, negative, neutral).',
      '"mixed" is not one of the allowed labels (positive, negative, neutral).',
    ]);
    expect(fixRemovesFinding('example-format-mismatch', labels)).toContain('Label: positive\n');
  });
  it('reads the allowed set after a label noun, and holds a single-word answer to one word', () => {
    const routing =
      'Route each note to a team. Reply with a single word. Teams: Kitchen, Bar, Floor.\nNote: the ice machine leaks\nAnswer: Kitchen, Bar';
    expect(findingsOf('example-format-mismatch', routing).map((f) => routing.slice(f.start, f.end))).toEqual([
      'Kitchen, Bar',
    ]);
    const arrows = 'Sort each comment. Allowed labels: praise, bug, idea.\n"The export button crashes." -> complaint';
    expect(findingsOf('example-format-mismatch', arrows)[0].message).toBe(
      '"complaint" is not one of the allowed labels (praise, bug, idea).',
    );
    const yesNo = 'Say whether the shop is open. Reply with only YES or NO.\nExample:\nReply: YES - it opens at nine';
    expect(fixRemovesFinding('example-format-mismatch', yesNo)).toContain('Reply: YES');
  });
  it('accepts valid examples', () => {
    expect(findingsOf('example-format-mismatch', 'Return JSON.\nOutput: {"name": "Bob"}')).toEqual([]);
    expect(
      findingsOf('example-format-mismatch', 'Classify as positive or negative.\nReview: ok\nLabel: positive'),
    ).toEqual([]);
  });
});

describe('undelimited-input', () => {
  it('does not count a placeholder, a list of rules or a named deliverable as pasted data (label policy)', () => {
    expect(findingsOf('undelimited-input', 'Summarize {{text}} in 3 bullets.')).toEqual([]);
    expect(findingsOf('undelimited-input', 'Reply to this:\n{{message}}\nin 2 sentences.')).toEqual([]);
    expect(
      findingsOf(
        'undelimited-input',
        'Follow the rules below.\n- Use British spelling in every answer you give to the customer.\n- Sign as the support desk.',
      ),
    ).toEqual([]);
    const deliverable =
      'Write taglines for our three teas: Smoky Lapsang, Morning Mint and Velvet Earl Grey, each in at most eight words.';
    expect(findingsOf('undelimited-input', deliverable)).toEqual([]);
  });
  it('does not flag fenced or tagged data, or a format description', () => {
    expect(
      findingsOf(
        'undelimited-input',
        'Here is the email:\n"""\nHi, I ordered a blender last week and it arrived broken. Refund please.\n"""',
      ),
    ).toEqual([]);
    expect(findingsOf('undelimited-input', 'Summarize <text>{{text}}</text> in 3 bullets.')).toEqual([]);
    expect(
      findingsOf(
        'undelimited-input',
        'The report should include:\n- a summary of the incident with its timeline and impact\n- next steps',
      ),
    ).toEqual([]);
  });
});

describe('buried-instruction', () => {
  const context = 'The meeting covered the quarterly figures and the hiring plan for the new office. '.repeat(15);
  it('flags a task that comes only after a long context, and copies it to the top', () => {
    const text = `${context}\nSummarize the decisions in 5 bullet points.`;
    expect(findingsOf('buried-instruction', text)).toHaveLength(1);
    const fixed = fixRemovesFinding('buried-instruction', text);
    expect(fixed.startsWith('Summarize the decisions in 5 bullet points.\n\n')).toBe(true);
    // The restated task sits a whole context away from the original: a deliberate sandwich, not a duplicate.
    expect(findingsOf('duplicate-instruction', fixed).filter((f) => f.message.includes('Summarize'))).toEqual([]);
  });
  it('does not flag a task stated first, or a short context', () => {
    expect(findingsOf('buried-instruction', `Summarize the notes below in 5 bullet points.\n${context}`)).toEqual([]);
    expect(findingsOf('buried-instruction', 'We met on Monday. Summarize it in 2 bullets.')).toEqual([]);
  });
});

describe('vague-quantifier', () => {
  it('flags "some ideas" and "short summary" and fixes them with numbers', () => {
    expect(fixRemovesFinding('vague-quantifier', 'Give me some ideas for a party.')).toBe(
      'Give me 5 ideas for a party.',
    );
    expect(fixRemovesFinding('vague-quantifier', 'Write a short summary of the text.')).toBe(
      'Write a 3-sentence summary of the text.',
    );
  });
  it.each([
    ['Explain recursion and make it short.', 'Explain recursion and make it at most 3 sentences long.'],
    ['Explain recursion. Keep it brief.', 'Explain recursion. Keep it to at most 3 sentences.'],
    ['Explain recursion. Be concise.', 'Explain recursion. Use at most 3 sentences.'],
    ['Answer briefly: what is recursion?', 'Answer in at most 3 sentences: what is recursion?'],
    ['Write a short essay on tides.', 'Write a 300-word essay on tides.'],
  ])('fixes the vague length in "%s" with a number that reads as English', (text, fixed) => {
    expect(fixRemovesFinding('vague-quantifier', text)).toBe(fixed);
  });
  it('flags vague amounts for the answer, not for what the user will bring', () => {
    expect(findingsOf('vague-quantifier', 'Reply with lots of emojis.').map((f) => f.message)).toEqual([
      '"lots of emojis" does not say how many.',
    ]);
    expect(
      findingsOf('vague-quantifier', 'I will give you some examples of my writing. Rewrite them in 3 sentences each.'),
    ).toEqual([]);
  });
  it('does not flag measured lengths or counts', () => {
    expect(findingsOf('vague-quantifier', 'Write a short summary of 40 words.')).toEqual([]);
    expect(findingsOf('vague-quantifier', 'Give me 5 ideas for a party.')).toEqual([]);
  });
});

describe('duplicate-instruction', () => {
  it('flags a repeated sentence and removes it', () => {
    const text = 'Use a friendly tone. Write 3 bullet points. Use a friendly tone.';
    expect(findingsOf('duplicate-instruction', text)).toHaveLength(1);
    expect(fixRemovesFinding('duplicate-instruction', text)).toBe('Use a friendly tone. Write 3 bullet points.');
  });
  it('does not flag two instructions that differ in what they ask or in a number', () => {
    expect(
      findingsOf('duplicate-instruction', 'Write the answer as a table. Write the summary as a list of 3 points.'),
    ).toEqual([]);
    expect(
      findingsOf(
        'duplicate-instruction',
        'Describe the product Quill 1 for the shop page. Describe the product Quill 2 for the shop page.',
      ),
    ).toEqual([]);
  });
  it('does not count one template applied to different sections as a repeat', () => {
    const text = 'Write the RISKS bullets as exactly 12 words each. Write the WINS bullets as exactly 12 words each.';
    expect(findingsOf('duplicate-instruction', text)).toEqual([]);
    const names =
      'Write the OPEN QUESTIONS bullets as exactly 12 words each. Write the RISKS bullets as exactly 12 words each.';
    expect(findingsOf('duplicate-instruction', names)).toEqual([]);
  });
  it('ignores short phrases and repeats inside fenced data', () => {
    expect(findingsOf('duplicate-instruction', 'Be brief. Be brief.')).toEqual([]);
    expect(
      findingsOf('duplicate-instruction', 'Count the lines.\n```\nthe cat sat down\nthe cat sat down\n```'),
    ).toEqual([]);
  });
});

describe('language-mismatch', () => {
  it('flags examples answered in another language than the instructions, and says the language', () => {
    const text =
      'Écris un résumé de cet article pour les étudiants et garde un ton simple.\nOutput: This article explains how the brain works for students.';
    expect(findingsOf('language-mismatch', text)).toHaveLength(1);
    expect(fixRemovesFinding('language-mismatch', text)).toMatch(/Answer in English\.$/);
  });
  it('flags contradictory answer languages, and an Italian prompt answered by English examples', () => {
    const text = 'Answer the customer in Spanish, in 3 sentences. Always reply in English.';
    expect(findingsOf('language-mismatch', text).map((f) => [f.message, text.slice(f.start, f.end)])).toEqual([
      ['The prompt asks for the answer in Spanish and also in English: say one language.', 'English'],
    ]);
    expect(findingsOf('language-mismatch', 'Translate the text from English into French, in 2 sentences.')).toEqual([]);
    const italian =
      'Scrivi una breve presentazione della nostra azienda per il sito web, in tre frasi.\nOutput: We are a family business that makes furniture.';
    expect(findingsOf('language-mismatch', italian)[0].message).toBe(
      'The example answer is in English but the instructions are in Italian, and the prompt never says which language to answer in.',
    );
  });
  it('flags a quoted example answer in another language under an example label', () => {
    const text =
      'Réponds aux clients de la boulangerie sur les horaires, en deux phrases.\nExemple de réponse : « We open at seven every morning and close at noon on Sundays, so come early. »';
    expect(findingsOf('language-mismatch', text)).toHaveLength(1);
    const sameLanguage =
      'Réponds aux clients de la boulangerie sur les horaires, en deux phrases.\nExemple de réponse : « Nous ouvrons à sept heures chaque matin et fermons à midi le dimanche. »';
    expect(findingsOf('language-mismatch', sameLanguage)).toEqual([]);
  });
  it('flags an output language set outside the prompt; not when the prompt says it', () => {
    const text = 'Write a product description for our new running shoes, for the website, in 80 words.';
    expect(findingsOf('language-mismatch', text, { outputLanguage: 'German' })).toHaveLength(1);
    expect(findingsOf('language-mismatch', `${text} Answer in German.`, { outputLanguage: 'German' })).toEqual([]);
    expect(findingsOf('language-mismatch', text, { outputLanguage: 'English' })).toEqual([]);
  });
});
