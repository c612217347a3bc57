/**
 * no-output-format, round 5: a vague count or length of what the model produces is a length all the
 * same (the labelling policy gives such prompts vague-quantifier instead), in six languages; a named
 * deliverable or a closed answer is a form. Defects: tasks that say nothing about form or length.
 */
import { describe, expect, it } from 'vitest';
import { lintPrompt } from '../../src/lint/index';

const fires = (text: string) => lintPrompt(text).some((f) => f.rule === 'no-output-format');

describe('no-output-format: a vague amount or a named deliverable is a stated form', () => {
  it.each([
    'Give me some slogan ideas for a bike repair shop in Bristol.',
    'Can you suggest a couple of names for our book club?',
    'Propose quelques idées de sorties pour un week-end pluvieux à Lyon.',
    'Dame unos cuantos consejos para dormir mejor.',
    'Nenne mir ein paar Ausflugsziele rund um Freiburg.',
    'Suggeriscimi alcune ricette vegetariane per la cena.',
    'Sugira algumas atividades para uma festa infantil.',
    'Give me a quick rundown of the new parking rules.',
    'Write a regular expression that matches Dutch postcodes.',
    'Lis le ticket et réponds uniquement par le niveau de priorité.',
  ])('stays quiet on %s', (text) => {
    expect(fires(text)).toBe(false);
  });

  it.each([
    'Tell me about the history of the bicycle.',
    'Here are some customer reviews of our café. What do customers think of us?',
    'Explique-moi pourquoi le ciel est bleu.',
  ])('still flags %s', (text) => {
    expect(fires(text)).toBe(true);
  });
});
