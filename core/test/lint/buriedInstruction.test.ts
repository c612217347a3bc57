/** buried-instruction on prompts of my own: the first thing that says what to do, in six languages. */
import { describe, expect, it } from 'vitest';
import { lintPrompt } from '../../src/lint/index';

const fires = (text: string) => lintPrompt(text).some((f) => f.rule === 'buried-instruction');

/** About a page of context: a product sheet of plain sentences that ask nothing. */
const SHEET = Array.from(
  { length: 9 },
  (_, i) =>
    `Model ${i + 1} of the Brisa fan line has a brushless motor, three speeds and a timer that runs up to eight hours. It was sold in 2024 in twelve countries.`,
).join('\n');
const FICHE = Array.from(
  { length: 9 },
  (_, i) =>
    `Le modèle ${i + 1} de la gamme Brisa possède un moteur sans balais, trois vitesses et une minuterie de huit heures. Il a été vendu dans douze pays en 2024.`,
).join('\n');

describe('buried-instruction finds the task wherever and however it is said', () => {
  const defects: Array<[string, string]> = [
    ['an English task after a page', `${SHEET}\n\nWrite a tagline of at most 8 words for this fan line.`],
    ['a question after a page', `${SHEET}\n\nWhich model would suit a small bedroom best, in one sentence?`],
    ['a French task after a page', `${FICHE}\n\nRédige un slogan de 8 mots maximum pour cette gamme.`],
    [
      'a Spanish task after a fenced page',
      `<ficha>\n${SHEET}\n</ficha>\n\nEscribe un eslogan de 8 palabras como máximo para esta gama.`,
    ],
    ['a German task after a page', `${SHEET}\n\nSchreibe einen Slogan mit höchstens 8 Wörtern für diese Serie.`],
    ['notes framed first, the task after', `Here are my notes:\n${SHEET}\n\nSummarise them in 3 bullet points.`],
  ];
  const controls: Array<[string, string]> = [
    ['the task first', `Write a tagline of at most 8 words for the fan line below.\n\n${SHEET}`],
    ['a French task first', `Rédige un slogan de 8 mots maximum pour la gamme ci-dessous.\n\n${FICHE}`],
    [
      'a system prompt saying what the model does, then its reference',
      `You answer questions from shop staff about the Brisa fans, in 2 sentences.\n\n${SHEET}\n\nUse only the facts above.`,
    ],
    [
      'a goal stated first',
      `# GOAL\nThe goal of this exercise is to produce a one-line tagline for the fan line.\n\n# CONTEXT\n${SHEET}\n\n# STEPS\n- Write the tagline.`,
    ],
    ['a short context', 'The Brisa fan has three speeds.\n\nWrite a tagline for it.'],
  ];
  it('flags a task after a page of context in any of the six languages, not one said first', () => {
    expect(defects.filter(([, text]) => !fires(text)).map(([name]) => name)).toEqual([]);
    expect(controls.filter(([, text]) => fires(text)).map(([name]) => name)).toEqual([]);
  });
});
