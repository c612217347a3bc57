import { describe, expect, it } from 'vitest';
import { ALL_AUDIENCES, AUDIENCE_GROUPS, findAudience } from '../../src/catalog/audiences';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../src/catalog/languages';
import { ALL_PERSONAS, findPersona, PERSONA_GROUPS } from '../../src/catalog/personas';
import {
  DEFAULT_MODEL,
  findModel,
  firstModelOf,
  isProviderId,
  PROVIDERS,
  TEST_MODEL,
  TRIAL_MODEL,
} from '../../src/catalog/providers';
import { TECHNIQUE_IDS, TECHNIQUES } from '../../src/catalog/techniques';
import { findTemplate, TEMPLATE_CATEGORIES } from '../../src/catalog/templates';
import { DEFAULT_TONE, TONE_GUIDANCE, TONES, toneInstruction } from '../../src/catalog/tones';

describe('techniques', () => {
  it('are keyed by the four ids, each with name and description', () => {
    expect(TECHNIQUE_IDS).toEqual(['zero-shot', 'few-shot', 'chain-of-thought', 'role-prompting']);
    expect(Object.keys(TECHNIQUES).sort()).toEqual([...TECHNIQUE_IDS].sort());
    for (const id of TECHNIQUE_IDS) {
      expect(TECHNIQUES[id].id).toBe(id);
      expect(TECHNIQUES[id].name).not.toBe('');
      expect(TECHNIQUES[id].description).not.toBe('');
    }
  });
});

describe('providers', () => {
  it('openai (OpenAI) and anthropic (Anthropic/Claude), models in spec order', () => {
    expect(PROVIDERS.openai.label).toBe('OpenAI');
    expect(PROVIDERS.anthropic.label).toBe('Anthropic/Claude');
    expect(PROVIDERS.openai.models.map((m) => m.id)).toEqual([
      'gpt-4o',
      'gpt-4o-mini',
      'gpt-4-turbo',
      'gpt-4',
      'gpt-3.5-turbo',
    ]);
    // The spec names two of the five Anthropic ids (third and fifth); the others are its placeholders.
    const anthropic = PROVIDERS.anthropic.models.map((m) => m.id);
    expect(anthropic).toHaveLength(5);
    expect([anthropic[2], anthropic[4]]).toEqual(['claude-3-opus-20240229', 'claude-3-haiku-20240307']);
    for (const id of anthropic) expect(id).toMatch(/^claude-/);
    expect(new Set(anthropic).size).toBe(5);
  });
  it('OpenAI entries carry isO1 = false; every entry has a name and description', () => {
    for (const m of PROVIDERS.openai.models) expect(m.isO1).toBe(false);
    for (const m of [...PROVIDERS.openai.models, ...PROVIDERS.anthropic.models]) {
      expect(m.name).not.toBe('');
      expect(m.description).not.toBe('');
    }
  });
  it('defaults: gpt-4o-mini by default and for the trial, gpt-4o for tests', () => {
    expect(DEFAULT_MODEL).toBe('gpt-4o-mini');
    expect(TRIAL_MODEL).toBe('gpt-4o-mini');
    expect(TEST_MODEL).toBe('gpt-4o');
  });
  it('changing provider picks its first model', () => {
    expect(firstModelOf('openai')).toBe('gpt-4o');
    expect(firstModelOf('anthropic')).toBe('claude-3-7-sonnet-20250219');
  });
  it('findModel and isProviderId', () => {
    expect(findModel('openai', 'gpt-4')?.name).toBe('GPT-4');
    expect(findModel('openai', 'claude-3-opus-20240229')).toBeUndefined();
    expect(isProviderId('anthropic')).toBe(true);
    expect(isProviderId('local')).toBe(false);
    expect(isProviderId('toString')).toBe(false);
    expect(isProviderId(undefined)).toBe(false);
  });
});

/** Spec section 4, in its words: each category's templates in order. */
const SPEC_TEMPLATES = {
  writing: ['blog post', 'email assistant', 'marketing copy', 'social media post'],
  code: ['code review', 'bug debugging', 'code explanation', 'algorithm design'],
  analysis: ['data analysis', 'market research', 'swot', 'competitor analysis'],
  creative: ['story writing', 'brainstorming', 'character creation', 'world building'],
};

describe('templates', () => {
  it("are the spec's 16, in its categories and order, with {{variables}}", () => {
    const names = Object.fromEntries(TEMPLATE_CATEGORIES.map((c) => [c.id, c.templates.map((t) => t.name)]));
    expect(Object.keys(names)).toEqual(Object.keys(SPEC_TEMPLATES));
    for (const [category, specNames] of Object.entries(SPEC_TEMPLATES)) {
      expect(names[category]).toHaveLength(specNames.length);
      for (const [i, specName] of specNames.entries())
        expect(names[category][i].toLowerCase()).toMatch(new RegExp(`^${specName}`));
    }
    const all = TEMPLATE_CATEGORIES.flatMap((c) => c.templates);
    expect(new Set(all.map((t) => t.id)).size).toBe(all.length);
    for (const c of TEMPLATE_CATEGORIES) {
      for (const t of c.templates) {
        expect(t.category).toBe(c.id);
        expect(t.text).toMatch(/\{\{\w+\}\}/);
        expect(findTemplate(t.id)).toBe(t);
      }
    }
    expect(findTemplate('nope')).toBeUndefined();
    expect(findTemplate(null)).toBeUndefined();
  });
});

describe('personas and audiences', () => {
  it('personas: 5 groups x 4 with every field, unique ids', () => {
    expect(PERSONA_GROUPS.map((g) => g.id)).toEqual(['business', 'education', 'technology', 'creative', 'consulting']);
    for (const g of PERSONA_GROUPS) expect(g.personas).toHaveLength(4);
    expect(new Set(ALL_PERSONAS.map((p) => p.id)).size).toBe(20);
    for (const p of ALL_PERSONAS) {
      expect(p.name && p.emoji && p.description).toBeTruthy();
      expect(p.rolePrompt).toMatch(/^You are /);
    }
    for (const p of ALL_PERSONAS) expect(findPersona(p.id)).toBe(p);
    expect(findPersona(undefined)).toBeUndefined();
  });
  it('audiences: 5 groups x 4 with every field, unique ids', () => {
    expect(AUDIENCE_GROUPS.map((g) => g.id)).toEqual([
      'children',
      'professionals',
      'technical',
      'general',
      'specialized',
    ]);
    for (const g of AUDIENCE_GROUPS) expect(g.audiences).toHaveLength(4);
    expect(new Set(ALL_AUDIENCES.map((a) => a.id)).size).toBe(20);
    for (const a of ALL_AUDIENCES) {
      expect(a.name && a.emoji && a.description).toBeTruthy();
      expect(a.instruction).toMatch(/^Write for /);
    }
    for (const a of ALL_AUDIENCES) expect(findAudience(a.id)).toBe(a);
  });
});

describe('tones and languages', () => {
  it('tones in order, Normal by default, one guidance line each', () => {
    expect(TONES).toEqual([
      'Concise',
      'Normal',
      'Explanatory',
      'Conversational',
      'Friendly',
      'Confident',
      'Minimalist',
      'Witty',
      'Custom',
    ]);
    expect(DEFAULT_TONE).toBe('Normal');
    for (const t of TONES) expect(TONE_GUIDANCE[t]).not.toMatch(/\n/);
  });
  it('Custom tone uses the free text; blank custom falls back to Normal', () => {
    expect(toneInstruction('Custom', ' calm and hopeful ')).toBe('Use this tone: calm and hopeful.');
    expect(toneInstruction('Custom', 'Punchy!')).toBe('Use this tone: Punchy!');
    expect(toneInstruction('Custom', '  ')).toBe(TONE_GUIDANCE.Normal);
    expect(toneInstruction('Witty', 'ignored')).toBe(TONE_GUIDANCE.Witty);
  });
  it('languages: English (US), French, Spanish, German; English by default', () => {
    expect(LANGUAGES).toEqual([
      { id: 'English', label: 'English (US)' },
      { id: 'French', label: 'French' },
      { id: 'Spanish', label: 'Spanish' },
      { id: 'German', label: 'German' },
    ]);
    expect(DEFAULT_LANGUAGE).toBe('English');
  });
});
