/**
 * language-mismatch on prompts written from the rule's definition, in six languages: contradictory
 * answer languages, example answers in another language, the workspace's answer language against the
 * prompt's, instructions that switch language; and the near misses that must stay clean (translation,
 * data in another language, conditional or bilingual answers).
 */
import { describe, expect, it } from 'vitest';
import { applyFix, lintPrompt, type LintContext } from '../../src/lint/index';

const mismatches = (text: string, context?: LintContext) =>
  lintPrompt(text, context).filter((f) => f.rule === 'language-mismatch');

/** The two languages a finding's message names, in order of appearance. */
const named = (message: string) =>
  [...message.matchAll(/English|French|Spanish|German|Italian|Portuguese/g)].map((m) => m[0]);

describe('language-mismatch: two answer languages that disagree', () => {
  const cases: Array<[string, string, string[]]> = [
    [
      'French, worded freely',
      'Tu es le service client de notre boutique. Réponds en anglais aux questions sur les livraisons, en trois phrases au plus. Ta réponse doit être rédigée en français.',
      ['English', 'French'],
    ],
    [
      'German then English, language as a noun',
      'Antworte bitte auf Deutsch und halte dich kurz, höchstens fünf Sätze.\nThe reply must be in Portuguese so that our partners in Lisbon can read it.',
      ['German', 'Portuguese'],
    ],
    [
      'a bare "en español, por favor" against "write the output in Italian"',
      'Summarise the meeting notes below as five bullet points and write the output in Italian.\nEn español, por favor.\n<notes>\nBudget approved; launch moved to May.\n</notes>',
      ['Italian', 'Spanish'],
    ],
    [
      'language as an adjective',
      'Give me an English answer of at most 100 words about the history of the bicycle. La risposta deve essere in tedesco.',
      ['English', 'German'],
    ],
    [
      'a "written in" clause whose subject is the answer',
      'Réponds toujours en espagnol aux clients. Plus bas : the final answer must be written in English, max 3 sentences.',
      ['Spanish', 'English'],
    ],
    [
      'a language label against a bare "Deutsch, bitte."',
      'Langue de la réponse : anglais\nRésume le compte rendu de la réunion en cinq puces, une phrase par puce.\nDeutsch, bitte.',
      ['English', 'German'],
    ],
    [
      'a negation earlier in the sentence does not cancel the language',
      'Do not use jargon and answer in French, in two short paragraphs. Always reply in English so the whole team can read it.',
      ['French', 'English'],
    ],
    [
      '"the output language must be" against "use Spanish for every reply"',
      'The output language must be Portuguese. Write three short tips for new gym members.\nUse Spanish for every reply.',
      ['Portuguese', 'Spanish'],
    ],
    [
      'the verb several words before the language',
      'Rispondi alle domande dei clienti sui nostri orari di apertura in italiano.\nAlways respond in English, in two sentences at most.',
      ['Italian', 'English'],
    ],
    [
      'Portuguese and Spanish',
      'Escreva um e-mail curto para o cliente explicando o atraso, em português. Responde siempre en español.',
      ['Portuguese', 'Spanish'],
    ],
  ];
  for (const [name, text, languages] of cases)
    it(name, () => {
      const found = mismatches(text);
      expect(found).toHaveLength(1);
      expect(named(found[0].message)).toEqual(languages);
      expect(found[0].end).toBeGreaterThan(found[0].start);
    });
});

describe('language-mismatch: an example answer in another language, no answer language stated', () => {
  it('French instructions, English sample output block', () => {
    const text =
      'Tu rédiges les descriptions de produits pour notre boutique en ligne. Décris chaque produit en deux phrases et mets en avant ce qui le rend unique.\n\nExemple de sortie :\nThis handmade ceramic mug keeps your coffee warm for hours. Each piece is glazed by hand, so no two are alike.';
    const found = mismatches(text);
    expect(found).toHaveLength(1);
    expect(named(found[0].message).sort()).toEqual(['English', 'French']);
    const fixed = applyFix(text, found[0].fix!);
    expect(fixed.endsWith('\n\nAnswer in English.')).toBe(true);
    expect(mismatches(fixed)).toEqual([]);
  });
  it('Spanish instructions, English fenced sample answer', () => {
    const text =
      'Eres un asistente que responde a las reseñas de los clientes de nuestro restaurante. Agradece siempre la visita y responde en un tono cercano, con dos o tres frases.\n\nRespuesta de ejemplo:\n```\nThank you so much for visiting us! We are glad you enjoyed the paella and hope to see you again soon.\n```';
    expect(named(mismatches(text)[0]?.message ?? '').sort()).toEqual(['English', 'Spanish']);
  });
  it('German instructions, Italian answer after an "Antwort:" label', () => {
    const text =
      'Du bist ein freundlicher Assistent für unser Hotel. Beantworte die Fragen der Gäste kurz und höflich, in höchstens zwei Sätzen.\nFrage: Wann gibt es Frühstück?\nAntwort: La colazione viene servita ogni giorno dalle sette alle dieci nella sala al piano terra.';
    expect(named(mismatches(text)[0]?.message ?? '').sort()).toEqual(['German', 'Italian']);
  });
});

describe('language-mismatch: example answers inside example blocks and templates', () => {
  const cases: Array<[string, string, string[]]> = [
    [
      'a question-answer pair under an Italian example heading',
      "Sei l'assistente della libreria Il Gabbiano e rispondi alle domande sui nostri orari e sugli ordini, con al massimo due frasi.\n\nEsempio:\nDomanda: Siete aperti la domenica?\nRisposta: Yes, we are open on Sundays from ten in the morning until one in the afternoon.",
      ['English', 'Italian'],
    ],
    [
      'a bare Portuguese example block written in Spanish',
      'Escreva a legenda de uma foto para o Instagram da nossa padaria, com no máximo 30 palavras e um tom alegre.\n\nExemplo:\nNuestro pan de masa madre sale del horno cada mañana a las siete, ¡ven a probarlo mientras está caliente!',
      ['Portuguese', 'Spanish'],
    ],
    [
      'a French answer template with English headings',
      "Analyse le ticket du client dans les balises <ticket> et rédige une réponse pour l'équipe technique.\nStructure de la réponse :\n\n- Overview of the problem and what caused it\n- Steps the customer should take next, with the expected delay\n\n<ticket>\nL'application plante au démarrage.\n</ticket>",
      ['English', 'French'],
    ],
    [
      'an inline quoted example at the end of an Italian line',
      'Scrivi uno slogan per la nostra gelateria, di massimo otto parole e con un tono allegro. Per esempio: "Fresh gelato made with love every single day in town".',
      ['English', 'Italian'],
    ],
    [
      'a short English prompt, the workspace asking for Spanish',
      'Write a tweet about our summer sale, under 200 characters.',
      ['English', 'Spanish'],
    ],
  ];
  for (const [name, text, languages] of cases)
    it(name, () => {
      const found = mismatches(text, name.includes('workspace') ? { outputLanguage: 'Spanish' } : undefined);
      expect(found).toHaveLength(1);
      expect(named(found[0].message).sort()).toEqual(languages);
    });

  const clean: Array<[string, string]> = [
    [
      "a foreign customer turn answered in the instructions' language",
      'You answer questions for the front desk of a hotel in Nice, in at most three sentences.\n\nExample:\nGuest: Est-ce que le petit-déjeuner est compris dans le prix de la chambre ?\nAssistant: Yes, breakfast is included in every room rate and is served from seven to ten.',
    ],
    [
      'an example input in another language',
      'Tag each review with one of: positive, negative, mixed. Output the tag only.\n\nExample review:\nDas Zimmer war sauber und ruhig, aber das Frühstück war leider sehr enttäuschend und teuer.',
    ],
    [
      'an example mapping with an arrow',
      'Classify the sentiment of each tweet as positive or negative, one word per tweet.\n\nExample:\nMe encanta este teléfono, la batería dura todo el día y la cámara es increíble → positive',
    ],
    [
      'an inline example of the input',
      'Tag each message as complaint or question, one word per message, for example a message like "Wo ist mein Paket, ich warte schon seit zwei Wochen darauf".',
    ],
    [
      'an inline example mapped to its label',
      'Classify each review as positive or negative.\nExample: "Das Essen war wirklich ausgezeichnet und der Service sehr freundlich" → positive',
    ],
    [
      'a Spanish prompt with an English-keyed JSON template',
      'Extrae los datos de la factura entre las etiquetas <factura> y devuélvelos en JSON con este formato:\n\n{"invoice_number": "", "total": 0, "due_date": ""}\n\n<factura>\nFactura 2024-113, total 450 euros, vence el 30 de junio.\n</factura>',
    ],
  ];
  for (const [name, text] of clean)
    it(`stays clean: ${name}`, () => {
      expect(mismatches(text)).toEqual([]);
    });
});

describe('language-mismatch: the workspace answer language against the prompt', () => {
  it('a stated language the workspace contradicts', () => {
    const text = 'Réponds en français aux questions des clients sur nos horaires, en deux phrases.';
    const found = mismatches(text, { outputLanguage: 'Spanish' });
    expect(found).toHaveLength(1);
    expect(named(found[0].message).sort()).toEqual(['French', 'Spanish']);
    expect(mismatches(text, { outputLanguage: 'French' })).toEqual([]);
  });
  it('an unstated language: the fix states the workspace one', () => {
    const text = 'Schreibe eine kurze Produktbeschreibung für unsere neuen Laufschuhe, mit höchstens 80 Wörtern.';
    const found = mismatches(text, { outputLanguage: 'English' });
    expect(named(found[0].message).sort()).toEqual(['English', 'German']);
    expect(mismatches(applyFix(text, found[0].fix!), { outputLanguage: 'English' })).toEqual([]);
    expect(mismatches(text, { outputLanguage: 'German' })).toEqual([]);
  });
});

describe('language-mismatch: near misses that stay clean', () => {
  const clean: Array<[string, string, LintContext?]> = [
    [
      'summarise a German article in English',
      'Summarise this German article in English in three bullet points.\n<article>\nDie Stadt plant eine neue Straßenbahnlinie, die ab 2027 den Bahnhof mit dem Flughafen verbinden soll. Die Kosten werden auf 400 Millionen Euro geschätzt.\n</article>',
    ],
    [
      'translation with a source and a target language',
      'Traduis le texte suivant de l\'allemand vers l\'anglais, en gardant le ton familier.\n"""\nHallo zusammen, ich wollte nur kurz sagen, dass das Treffen morgen ausfällt.\n"""',
    ],
    [
      'translation example pairs',
      'Translate each customer review into English, keeping the meaning exact.\nInput: Das Essen war kalt und der Kellner war sehr unfreundlich zu uns.\nOutput: The food was cold and the waiter was very unfriendly to us.',
    ],
    [
      'English instructions, a French email as data, answer language unstated',
      'Classify the customer email below as "complaint", "question" or "praise". Reply with the label only.\n<email>\nBonjour, ma commande est arrivée cassée et personne ne répond à mes messages depuis une semaine.\n</email>',
    ],
    [
      'German instructions, English text to summarise',
      'Fasse den folgenden englischen Text in drei Sätzen zusammen und nenne die wichtigste Zahl.\n<text>\nThe company reported a 12% rise in revenue this quarter, driven mostly by its new subscription plan.\n</text>',
    ],
    [
      'a conditional answer language',
      'Answer the question about our opening hours in two sentences. If the customer writes in Spanish, answer in Spanish; otherwise answer in English.',
    ],
    [
      'an Italian conditional answer language',
      'Rispondi alle domande dei clienti sul nostro ristorante, in italiano, con al massimo tre frasi. Se il cliente scrive in inglese, rispondi in inglese.',
    ],
    [
      'the article is written in German, the answer language unstated',
      'The article below is written in German. Summarise its main argument in three bullet points for our newsletter.\n<article>\nDie Bahn erhöht ab Dezember die Preise im Fernverkehr um durchschnittlich fünf Prozent.\n</article>',
    ],
    [
      'unfenced reviews in three languages listed after the instruction',
      'Here are three customer reviews of our hotel. Tag each one as positive, negative or mixed, one tag per line.\n1. Das Zimmer war sauber, aber das Personal war unfreundlich und laut.\n2. La chambre était magnifique et le petit-déjeuner délicieux, merci beaucoup !\n3. Todo perfecto, volveremos el año que viene con los niños.',
    ],
    [
      'a French instruction over an English recipe',
      'Fais la liste des ingrédients de cette recette anglaise, en gardant les quantités :\n\nRecipe: Mix 200 g of flour with two eggs and a pinch of salt, then add 300 ml of milk slowly while whisking.',
    ],
    [
      'a source and a target language as labels',
      'Source language: German\nTarget language: French\nTranslate the product sheet in the <sheet> tags and keep the units.\n<sheet>\nDas Zelt wiegt 2,1 kg und ist für drei Personen geeignet.\n</sheet>',
    ],
    [
      'an audience named by its language',
      'Reply to Spanish-speaking customers in English, in at most three sentences, and keep a friendly tone.',
    ],
    [
      'a list of supported languages',
      'Our shop ships to these markets, each with its own catalogue:\n- Spanish\n- French\nWrite a one-paragraph welcome text for the catalogue page, in English, at most 60 words.',
    ],
    [
      "the user's language with a fallback",
      'Answer in the language of the question; if you cannot tell which it is, answer in English. Keep it under 50 words.',
    ],
    [
      'a bilingual answer asked on purpose',
      'Write a one-sentence welcome message for our shop sign in English and in French.',
    ],
    [
      'an answer then its translation',
      'Write the product description in English in 50 words, then translate it into German.',
    ],
    [
      'a negated language',
      'Do not answer in English: our customers read French. Answer in French, in at most three sentences.',
    ],
    [
      'English units and a source language named',
      'The source language is German. Translate the recipe below and use English units only.\n```\nMische 200 g Mehl mit zwei Eiern.\n```',
    ],
    [
      'notes written in one language, the summary asked in another',
      'The meeting notes are written in German. Summarise them in English in five bullet points.\n<notes>\nBudget genehmigt, Start im Mai.\n</notes>',
    ],
    [
      'a language named as the topic, the answer language stated',
      'Explain the difference between "ser" and "estar" in Spanish, with two examples each. Answer in English.',
    ],
    [
      'a guest turn in French before an English assistant turn',
      "Respond to the guest below in at most 3 sentences.\n\nGuest: Bonjour, est-ce que le parking de l'hôtel est gratuit pour les clients ?\nAssistant: Yes, parking is free for all hotel guests and there is no need to book a space.",
    ],
    [
      'an unfenced customer message that addresses "vous", after a sentence introducing it',
      "Reply to the customer in at most three sentences and offer a concrete next step. Below is the customer's message.\nBonjour, pouvez-vous m'aider ? Vous m'avez envoyé la mauvaise taille et je voudrais l'échanger rapidement.",
    ],
    [
      'a language preferred over another',
      "Réponds en français plutôt qu'en anglais, en trois phrases au plus, aux questions sur nos horaires.",
    ],
    [
      'a language tutor correcting Spanish, explaining in English',
      'You are a Spanish tutor. Correct my Spanish sentences and explain each mistake in English in one sentence.\nMy sentence: "Yo soy cansado porque ayer yo trabajé mucho."',
    ],
    [
      'an Italian prompt with a JSON example',
      'Estrai dal messaggio del cliente il nome del prodotto e il prezzo, e restituisci un oggetto JSON.\nEsempio di output: {"product_name": "Garden chair", "price": 30}',
    ],
    [
      'a stated language the workspace agrees with',
      'Antworte auf Deutsch, in höchstens drei Sätzen, auf die Frage des Kunden nach der Lieferzeit.',
      { outputLanguage: 'German' },
    ],
    [
      'an English prompt with a quoted foreign sign-off',
      'Write a short thank-you email to our supplier in Munich, at most 120 words, and end it with "Mit freundlichen Grüßen, das Team von Blumenhaus".',
    ],
    [
      'a Portuguese prompt, English input example and Portuguese answer',
      'Você responde às perguntas dos clientes sobre entregas, em no máximo duas frases.\nPergunta: When will my order arrive?\nResposta: O seu pedido chega em até cinco dias úteis depois da confirmação do pagamento.',
    ],
    [
      'the workspace language matches the instructions and the prompt is clean',
      'Rédige une courte annonce pour le site de la mairie sur la fermeture de la piscine, en trois phrases.',
      { outputLanguage: 'French' },
    ],
  ];
  for (const [name, text, context] of clean)
    it(name, () => {
      expect(mismatches(text, context)).toEqual([]);
    });
});
