/** vague-quantifier on prompts of my own: vague counts and lengths of the answer, not of the input. */
import { describe, expect, it } from 'vitest';
import { lintPrompt } from '../../src/lint/index';

const flagged = (text: string) =>
  lintPrompt(text)
    .filter((f) => f.rule === 'vague-quantifier')
    .map((f) => text.slice(f.start, f.end));

describe('vague-quantifier is about what the model should produce', () => {
  const defects: Array<[string, string]> = [
    ['Write a short bio for our new chef.', 'short'],
    ['Donne quelques idées de noms pour notre café.', 'quelques'],
    ['Escribe un resumen breve del informe trimestral.', 'breve'],
    ['List a few risks of the plan, as bullets.', 'a few'],
    ['Describe the museum for visitors. Keep it short.', 'Keep it short'],
    ['Schreib ein paar Ideen für den Newsletter auf.', 'ein paar'],
  ];
  const controls = [
    'Customers often ask several questions in one email. Answer each question in 2 sentences.',
    'The document contains several examples of fraud; list each one in a table with 3 columns.',
    'Le texte contient plusieurs erreurs. Corrige-les et renvoie le texte corrigé.',
    'El cliente escribió varias quejas. Responde en 3 frases.',
    'Translate this short story into German.\n\n<story>\nOnce upon a time a fox lived by the sea.\n</story>',
    'Here is a short note from the landlord. Reply to it in 3 sentences.\n\n<note>\nRent is due on Friday.\n</note>',
    'Der Text enthält einige Tippfehler. Gib die korrigierte Fassung zurück, ohne Erklärung.',
    'Tag each of the reviews below with positive or negative; a few reviews are in Spanish.',
    'Voici un court extrait du livre. Traduis-le en anglais.',
    'Los usuarios envían varios mensajes al día. Resume cada uno en una frase.',
  ];
  it('flags the vague words of the answer, not those about the input', () => {
    expect(defects.map(([text]) => flagged(text))).toEqual(defects.map(([, word]) => [word]));
    expect(controls.filter((text) => flagged(text).length > 0)).toEqual([]);
  });
});

describe('vague-quantifier leaves out counts that are not quantities of the answer', () => {
  const controls = [
    'Research the various options available and recommend 2 of them in a table.',
    'Think about the essay from multiple angles, then write a 100-word critique.',
    'Give a 3-sentence answer. Offer multiple options when applicable.',
    'People apply by email with a few lines about themselves. Draft a 50-word reply template.',
    'Keep the melody concise and under 8 bars.',
  ];
  it('flags none of a definite set, an allowance, thinking or a measured length, and still a vague count asked for', () => {
    expect(controls.filter((text) => flagged(text).length > 0)).toEqual([]);
    expect(flagged('Suggest various options for the team outing.')).toEqual(['various']);
  });
});
