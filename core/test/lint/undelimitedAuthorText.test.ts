/** undelimited-input: the author's own prose, choices and instructions after a colon are not pasted data. */
import { describe, expect, it } from 'vitest';
import { lintPrompt } from '../../src/lint/index';

const flags = (text: string) => lintPrompt(text).some((f) => f.rule === 'undelimited-input');

describe('undelimited-input tells pasted data from the author’s own text', () => {
  const clean: Array<[string, string]> = [
    [
      'an enumeration in the author’s own narrative',
      'Our funding currently comes from three sources: a grant from the city council that covers roughly half of our coordinator salaries, an annual fundraising dinner, and small trusts.\n\nWrite a 200-word project summary from this background.',
    ],
    [
      'a description of what reviews said',
      'The first model sold well. Its weaknesses were also clear in reviews: the battery lasted only about one heating season and the app required an account and an internet connection.\n\nWrite a headline of at most 12 words.',
    ],
    [
      'Italian: the categories after the colon, the review in tags',
      'Classifica la recensione tra i tag <recensione> in una di queste categorie: qualità, prezzo, spedizione, assistenza. Rispondi con il solo nome della categoria.\n\n<recensione>\nIl pacco è arrivato in ritardo.\n</recensione>',
    ],
    [
      'orders on the lines under "the function below"',
      'Review the function below for bugs and style problems.\nPoint out every bug together with the line number where it happens.\nAnswer as a bulleted list, one bullet per issue.\n\n```python\ndef f(xs):\n    return sum(xs) / len(xs)\n```',
    ],
    [
      'French: what to write, after "par e-mail aux adhérents :"',
      "Rédige l'invitation qui sera envoyée par e-mail aux adhérents : un objet, puis un texte de 200 à 250 mots qui résume l'année en trois paragraphes.",
    ],
    [
      'a rubric in capitals under "the following dimensions"',
      '1. Read the transcript.\n2. Rate the sales call across the following dimensions:\n\nSALES FUNDAMENTALS (i.e., did they pitch the product well, did they handle objections, did they close the sale)\n\nPITCH ALIGNMENT (i.e., how closely they matched the official talking points)\n\nGive a 1-10 score for each.',
    ],
    [
      'an order pointing at "this", then orders after the colon',
      'Do this for every answer: start with a one-line summary, then list the risks and end with one question for the reader.',
    ],
    [
      'Spanish: a placeholder after "Traduce esto ...:"',
      'Traduce esto al inglés y devuelve solo la traducción: {{texto}} y nada más que la traducción pedida, por favor.',
    ],
    [
      'an e-mail template to fill',
      'Write the e-mail in this layout:\nFrom: {{sender}}\nSubject: <a subject of at most 8 words>\n\nThen a body of at most 100 words.',
    ],
    [
      'Spanish: a placeholder after the label',
      'Resume el mensaje del cliente en una frase.\nMensaje del cliente: {{mensaje}}',
    ],
  ];
  for (const [name, prompt] of clean)
    it(`leaves ${name}`, () => {
      expect(flags(prompt)).toBe(false);
    });
});
