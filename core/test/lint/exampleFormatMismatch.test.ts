/** example-format-mismatch on prompts of my own: examples parsed against the prompt's own contract. */
import { describe, expect, it } from 'vitest';
import { lintPrompt } from '../../src/lint/index';

const flagged = (text: string) =>
  lintPrompt(text)
    .filter((f) => f.rule === 'example-format-mismatch')
    .map((f) => text.slice(f.start, f.end));

describe('example-format-mismatch reads examples with parsers', () => {
  const defects: Array<[string, string, string]> = [
    [
      'JSON with a trailing comma',
      'Extract the city and the country. Respond in JSON.\nExample:\n{"city": "Lyon", "country": "France",}',
      '{"city": "Lyon", "country": "France",}',
    ],
    [
      'JSON in single quotes',
      "Return a JSON object with the keys name and email.\nExample output: {'name': 'Ana', 'email': 'ana@example.pt'}",
      "{'name': 'Ana', 'email': 'ana@example.pt'}",
    ],
    [
      'JSON with bare keys in an untagged fence',
      'Output JSON only, for example:\n```\n{title: "Dune", year: 1965}\n```',
      '{title: "Dune", year: 1965}',
    ],
    [
      'JSON asked in French',
      'Réponds uniquement en JSON avec les clés ville et pays.\nExemple de réponse : {"ville": "Lyon", "pays": "France",}',
      '{"ville": "Lyon", "pays": "France",}',
    ],
    [
      'a label outside the set',
      'Classify each review. Use one of: positive, negative, neutral.\n\nReview: "Great battery."\nSentiment: positive\n\nReview: "It broke."\nSentiment: angry',
      'angry',
    ],
    [
      'a Spanish label outside the set',
      'Clasifica el mensaje en una de estas categorías: factura, envío, devolución.\nMensaje: "No llegó mi paquete"\nCategoría: retraso',
      'retraso',
    ],
    [
      'an Italian label outside the set',
      'Classifica la recensione come positiva, negativa o neutra.\nRecensione: "Ottimo servizio"\nEtichetta: eccellente',
      'eccellente',
    ],
    [
      'JSON asked in German',
      'Antworte im JSON-Format mit den Schlüsseln name und alter.\nBeispielantwort: {"name": "Eva", "alter": 31,}',
      '{"name": "Eva", "alter": 31,}',
    ],
    [
      'a German label outside the set',
      'Ordne jede Nachricht einer Kategorie zu: Rechnung, Versand, Sonstiges.\nNachricht: "Wo ist mein Paket?"\nKategorie: Lieferung',
      'Lieferung',
    ],
    [
      'a sentence where one word is asked',
      'Name the colour of each fruit in one word.\nFruit: banana\nAnswer: It is yellow when ripe.',
      'It is yellow when ripe',
    ],
  ];
  const controls: Array<[string, string]> = [
    ['valid JSON', 'Extract the city. Respond in JSON.\nExample:\n{"city": "Lyon", "country": "France"}'],
    [
      'labels inside the set',
      'Clasifica el mensaje en una de estas categorías: factura, envío, devolución.\nCategoría: envío',
    ],
    ['one word given', 'Name the colour of each fruit in one word.\nFruit: banana\nAnswer: yellow'],
    [
      'three bullets where three are asked',
      'Summarise the article in exactly 3 bullet points.\n\nExample output:\n- Sales rose 4%.\n- Costs fell.\n- Hiring froze.',
    ],
    [
      'an input example that is not the answer',
      'Extract the total as JSON.\nInput: Total due: 45 EUR, thanks!\nOutput: {"total": 45, "currency": "EUR"}',
    ],
  ];
  it('flags the example that breaks the contract, and none of the near-miss controls', () => {
    expect(defects.map(([name, text]) => [name, flagged(text)])).toEqual(
      defects.map(([name, , span]) => [name, [span]]),
    );
    expect(controls.filter(([, text]) => flagged(text).length > 0).map(([name]) => name)).toEqual([]);
  });

  it('a label in another case is only a note, a warning when the prompt asks for the case', () => {
    const severities = (text: string) =>
      lintPrompt(text)
        .filter((f) => f.rule === 'example-format-mismatch')
        .map((f) => f.severity);
    const text = 'Classify each review as positive, negative or neutral.\nReview: "Fine."\nSentiment: Neutral';
    expect(severities(text)).toEqual(['info']);
    expect(severities(text.replace('neutral.', 'neutral, in lowercase.'))).toEqual(['warning']);
  });

  it('offers the label named in the answer, when the label starts or ends with an accented letter', () => {
    const text =
      'Donne la priorité de chaque ticket parmi : bas, moyen, élevé.\nTicket : "Le site est en panne"\nRéponse : très élevé';
    const fixes = lintPrompt(text)
      .filter((f) => f.rule === 'example-format-mismatch')
      .map((f) => f.fix?.text);
    expect(fixes).toEqual(['élevé']);
  });
});

describe('example-format-mismatch reads dates against the stated layout', () => {
  it('flags each example date in another layout, in the languages the linter reads', () => {
    expect(
      flagged('Gib jedes Datum als TT.MM.JJJJ aus.\nBeispiel:\nLieferung am 2025-04-01, Rechnung am 03.04.2025'),
    ).toEqual(['2025-04-01']);
    expect(flagged('Write the date as MM/DD/YYYY.\nExample: shipped 2024.12.31')).toEqual(['2024.12.31']);
  });

  it('reads the layout by its separators and widths: a day and a month swapped are not seen', () => {
    expect(flagged('Write the date as MM/DD/YYYY.\nExample: shipped 31/12/2024')).toEqual([]);
  });

  it('leaves dates alone outside an example, and when no layout is stated', () => {
    expect(flagged('Write every date as YYYY-MM-DD. The meeting was on 12.03.2025.')).toEqual([]);
    expect(flagged('List the deadlines.\nExample:\nTax return, 31.05.2025')).toEqual([]);
  });
});
