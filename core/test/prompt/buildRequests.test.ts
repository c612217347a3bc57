import { describe, expect, it } from 'vitest';
import { findAudience } from '../../src/catalog/audiences';
import { findPersona } from '../../src/catalog/personas';
import { findTemplate } from '../../src/catalog/templates';
import { TECHNIQUE_IDS } from '../../src/catalog/techniques';
import {
  buildContinueBuildingRequest,
  buildOptimizationRequest,
  buildTestRequest,
  buildTrialInstruction,
} from '../../src/prompt/buildRequests';
import type { OptimizationOptions } from '../../src/prompt/options';
import { TECHNIQUE_SYSTEM_INSTRUCTIONS } from '../../src/prompt/techniqueInstructions';

const base: OptimizationOptions = { technique: 'zero-shot', language: 'English', tone: 'Normal' };

describe('buildOptimizationRequest', () => {
  it.each(TECHNIQUE_IDS)('uses the %s instruction; the task is the user text', (technique) => {
    const r = buildOptimizationRequest('  write a poem  ', { ...base, technique });
    expect(r.systemPrompt).toContain(TECHNIQUE_SYSTEM_INSTRUCTIONS[technique]);
    expect(r.userPrompt).toBe('write a poem');
    expect(r.systemPrompt).toMatch(/Return only the optimized prompt/);
  });
  it('carries every option', () => {
    const r = buildOptimizationRequest('plan a launch', {
      ...base,
      language: 'Spanish',
      tone: 'Custom',
      customTone: 'warm but firm',
      personaId: 'ceo',
      audienceId: 'executives',
      templateId: 'swot-analysis',
      positiveExamples: 'GOOD-EXAMPLE',
      negativeExamples: 'BAD-EXAMPLE',
    });
    expect(r.systemPrompt).toContain(findPersona('ceo')!.rolePrompt);
    expect(r.systemPrompt).toContain(findAudience('executives')!.instruction);
    expect(r.systemPrompt).toContain(findTemplate('swot-analysis')!.text);
    expect(r.systemPrompt).toContain('Use this tone: warm but firm.');
    expect(r.systemPrompt).toContain('Spanish');
    expect(r.systemPrompt).toContain('GOOD-EXAMPLE');
    expect(r.systemPrompt).toContain('BAD-EXAMPLE');
  });
  it('leaves out options that are not set or unknown', () => {
    const r = buildOptimizationRequest('x', { ...base, personaId: 'nope', audienceId: null, positiveExamples: '  ' });
    expect(r.systemPrompt).not.toMatch(/adopt this role|Target audience|Examples of what good/);
  });
});

describe('buildTrialInstruction (spec section 7, call 3)', () => {
  it('wraps the prompt in the expert-prompt-engineer instruction', () => {
    const text = buildTrialInstruction('  dogs blog ');
    expect(text).toMatch(/^You are an expert prompt engineer\./);
    expect(text).toContain('"""\ndogs blog\n"""');
    for (const word of ['specificity', 'context', 'structure', 'constraints', 'actionable'])
      expect(text.toLowerCase()).toContain(word);
    expect(text).toContain('Return only the optimized prompt');
  });
});

describe('buildContinueBuildingRequest and buildTestRequest', () => {
  it('puts the current prompt and the additions in the user text', () => {
    const r = buildContinueBuildingRequest('Write a poem.', 'make it rhyme', { ...base, tone: 'Witty' });
    expect(r.userPrompt).toBe('Current prompt:\nWrite a poem.\n\nAdditional requirements:\nmake it rhyme');
    expect(r.systemPrompt).toContain('Return only the refined prompt');
    expect(r.systemPrompt).toContain('clever and lightly humorous');
  });
  it('asks for a 2-3 sentence answer to the test input', () => {
    const r = buildTestRequest('You are a poet.', ' the sea ');
    expect(r.systemPrompt.startsWith('You are a poet.')).toBe(true);
    expect(r.systemPrompt).toContain('2-3 sentences');
    expect(r.userPrompt).toBe('the sea');
  });
});

describe('{{variables}} survive optimization', () => {
  const keep =
    /placeholders that are filled in later: \{\{document\}\}, \{\{audience\}\}\. Keep every one of them exactly as written/;
  it('the optimizer, Continue Building and the trial are told to keep them, by name', () => {
    expect(buildOptimizationRequest('summarize {{document}} for {{audience}}', base).systemPrompt).toMatch(keep);
    expect(buildContinueBuildingRequest('Summarize {{document}}.', 'for {{audience}}', base).systemPrompt).toMatch(
      keep,
    );
    expect(buildTrialInstruction('summarize {{document}} for {{audience}}')).toMatch(keep);
  });
  it('nothing is added to a prompt without placeholders', () => {
    expect(buildOptimizationRequest('write a poem', base).systemPrompt).not.toMatch(
      /placeholders that are filled in later/,
    );
    expect(buildTrialInstruction('write a poem')).not.toMatch(/placeholders/);
  });
});
