/** no-output-format on wordings of my own: any sentence that sets a form or length slot keeps it quiet. */
import { describe, expect, it } from 'vitest';
import { lintPrompt } from '../../src/lint/index';

const fires = (text: string) => lintPrompt(text).some((f) => f.rule === 'no-output-format');

describe('no-output-format fires only where nothing is said about form or length', () => {
  it('flags each defect and none of the near-miss controls', () => {
    const defects = [
      'Tell me about the causes of the French Revolution.',
      'Explique-moi comment fonctionne la photosynthèse.',
      '¿Qué debo tener en cuenta al comprar una bicicleta usada?',
      'Erkläre mir, wie eine Wärmepumpe im Winter funktioniert.',
      'Spiegami perché il cielo è blu.',
      'Explique como funciona a fotossíntese nas plantas.',
      'I want you to act as a travel guide. I will tell you my location and you will suggest places to visit near me.',
      // Counts and formats in the input do not shape the answer.
      'Our report has 3 sections and a summary table. What do you think of our pricing strategy?',
      // A year is not a count of things to produce.
      'Analyse the causes of the 2008 financial crisis.',
    ];
    const controls = [
      'Classify the review as spam or not. Answer with one word.',
      'Give me a table of the planets and their largest moons.',
      'Describe our new coffee blend for social media; keep it to a tweet.',
      'What are the benefits of cycling to work? Answer as bullet points.',
      'Read the ticket and decide who handles it. Return only the label.',
      'Explain how to reset the router in 3 steps.',
      'Write a haiku about autumn rain.',
      'Suggest a subject line for our newsletter about the spring sale.',
      'Is this sentence grammatical: "Him and me went"? Reply yes or no.',
      'Extract the person mentioned in the note. Use this schema: {"name": string, "age": number}',
      'Describe the weather in Lisbon today.\nExample output: Sunny, 21°C, light wind from the north.',
      'Prepare the onboarding card for the new hire.\nName: ...\nRole: ...\nStart date: ...',
      'How confident are you that this claim is true? Give a score from 1 to 10.',
      'Résume cet article en trois phrases.',
      'Donne-moi les étapes sous forme de liste.',
      'Réponds par oui ou par non : le dauphin est-il un poisson ?',
      'Explica qué es la inflación en 50 palabras como máximo.',
      'Clasifica el comentario. Responde solo con la etiqueta.',
      'Erkläre, was Inflation ist, in zwei Sätzen.',
      'Gib mir eine Tabelle der Bundesländer mit ihren Hauptstädten.',
      'Scrivi una poesia sull’autunno a Milano.',
      'Rispondi con una sola parola: qual è la capitale della Francia?',
      'Explique o que é inflação em um parágrafo.',
      'Crie uma lista de compras para um churrasco de domingo.',
      // A vague length is a length: that prompt is vague-quantifier's, not this rule's.
      'Explain quantum computing briefly.',
      'Explique brièvement le fonctionnement de la Bourse.',
      // A task that keeps the input's form, or whose answer is one attribute, needs no format.
      'Translate into German: where is the station?',
      'Identify the language of the comment below.\n\n<comment>\nMerci pour tout !\n</comment>',
    ];
    expect(defects.filter((text) => !fires(text))).toEqual([]);
    expect(controls.filter((text) => fires(text))).toEqual([]);
  });
});

describe('no-output-format reads a unit, an order of parts and a one-thing reply as a form', () => {
  it('flags none of these prompts', () => {
    const prompts = [
      'Quelle est la capitale du Pérou ? Réponds juste avec le nom.',
      'Explain the outage. Use this structure: Problem / Cause / Fix.',
      'How far is Lyon from Paris? Give the distance in kilometres.',
      'Describe the painting. Start with its title, then the colours, then the mood.',
      'Propose un nom pour notre nouvelle boulangerie.',
      'Respond with an emoji that matches the mood of this sentence: I lost my keys again.',
    ];
    expect(prompts.filter((text) => fires(text))).toEqual([]);
  });
});
