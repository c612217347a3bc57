/** undelimited-input on prompts of my own: user input after a label, in six languages, and what is not pasted data. */
import { describe, expect, it } from 'vitest';
import { lintPrompt } from '../../src/lint/index';

const fires = (text: string) => lintPrompt(text).some((f) => f.rule === 'undelimited-input');

describe('undelimited-input reads inline input after a label', () => {
  it('flags each defect and none of the near-miss controls', () => {
    const defects = [
      'Reply to the customer in 2 sentences.\nUser message: Hi, I was charged twice for my subscription this month and nobody answers my emails.',
      'Summarise in one sentence. Here is the text: The new policy takes effect on Monday and all staff must badge in at the main door from then on.',
      'Résume ce texte en une phrase : Le conseil municipal a voté hier soir la fermeture de la piscine pour travaux pendant six mois.',
      'Responde en dos frases.\nMensaje del usuario: Hola, quiero cancelar mi pedido porque llegó roto y nadie me responde desde hace días.',
      'Antworte in zwei Sätzen.\nHier ist die E-Mail des Kunden:\nSehr geehrte Damen und Herren, ich habe meine Bestellung vor drei Wochen aufgegeben und warte noch immer auf eine Antwort.',
      "Classifica il sentimento in una parola.\nTesto da analizzare: Il nuovo parcheggio aprirà a marzo e costerà due euro all'ora anche per i residenti del quartiere.",
      'Responda em uma frase.\nMensagem do cliente: Olá, meu pedido chegou com defeito e quero devolver o produto o quanto antes, por favor.',
      'I want you to act as a storyteller. Tell stories of about 300 words. My first request is: tell a story about a dragon who loves tea and hates the rain.',
    ];
    const controls = [
      'Reply to the customer in 2 sentences.\nUser message: {{message}}',
      'I will send you the text in my next message. Summarise it in 3 bullet points.',
      'I want you to act as a storyteller. Tell stories of about 300 words. My first request is "tell a story about a dragon who loves tea and hates the rain."',
      'Summarise the text in 3 bullet points.\n<text>\nThe new policy takes effect on Monday and all staff must badge in at the main door.\n</text>',
      'Classify the ticket in one word.\nTicket: "My card was declined at checkout twice today and I cannot pay for my order."',
      'Résume le texte en une phrase.\nTexte : {{texte}}',
      'Label the sentiment of each review as positive or negative.\nReview: The strap broke after a week and support never answered.\nLabel: negative\n\n<review>\n{{review}}\n</review>',
      'Responde en dos frases al mensaje que te enviaré a continuación.',
    ];
    expect(defects.filter((text) => !fires(text))).toEqual([]);
    expect(controls.filter((text) => fires(text))).toEqual([]);
  });
});

describe("undelimited-input leaves the author's own structure alone", () => {
  it('flags none of these prompts', () => {
    const prompts = [
      '# TASK\nWrite flashcards from the text the user sends.\n\n# EXAMPLE\n\nText: The Dead Sea is a salt lake between Israel and Jordan, the lowest point on land.\nQ: Where is the Dead Sea? A: Between Israel and Jordan.',
      'The output should look like this:\n\nONE SENTENCE SUMMARY:\nA one-sentence summary of the talk and why it matters, in less than 30 words.',
    ];
    expect(prompts.filter((text) => fires(text))).toEqual([]);
  });
});
