/**
 * duplicate-instruction, round 5: restatements in other words, often far apart (a STEPS section and an
 * OUTPUT INSTRUCTIONS section saying the same), in the six languages the linter reads; and near misses a
 * long prompt holds legitimately: each section's own count, a purpose line that names the task the steps
 * then order, a range whose two ends are said in two sentences. Written from the rule's definition.
 */
import { describe, expect, it } from 'vitest';
import { lintPrompt } from '../../src/lint/index';

const flagged = (text: string) =>
  lintPrompt(text)
    .filter((f) => f.rule === 'duplicate-instruction')
    .map((f) => text.slice(f.start, f.end));

/** Steps long enough that the two sections sit more than a page apart. */
const FILLER = [
  '- Read the whole input slowly and think about who wrote it, for whom, and what they wanted to achieve with it.',
  '- Note the claims the author makes, the evidence offered for each, and where the evidence is thin or missing.',
  '- Look for the surprising parts: the ones that would change how a careful reader sees the subject afterwards.',
  '- Consider how the parts connect, which ones depend on others, and which stand on their own in the argument.',
  '- Take a step back and picture the whole piece as a map before you start writing any of the sections below.',
  '- Weigh each candidate item by how new, how useful and how well supported it is, and drop the weakest ones.',
  '- Check the wording of every item against the source so that nothing is attributed to the author wrongly.',
].join('\n');

const sections = (steps: string, output: string) =>
  `# IDENTITY AND PURPOSE\n\nYou are an analyst who reads long articles and pulls out what matters to a busy reader.\n\n# STEPS\n\n${steps}\n${FILLER}\n\n# OUTPUT INSTRUCTIONS\n\n- Only output Markdown.\n${output}\n- Use bulleted lists, not numbered lists.\n\n# INPUT\n\nINPUT:`;

describe('duplicate-instruction: a restatement in other words, far apart', () => {
  it.each([
    [
      'ideas counted twice',
      sections(
        '- Extract 20 to 50 of the most surprising ideas into a section called IDEAS.',
        '- Extract at least 20 ideas.',
      ),
      '- Extract at least 20 ideas.',
    ],
    [
      'no repetition, said twice',
      sections('- Do not repeat ideas or quotes.', "- Don't repeat the same ideas over and over."),
      "- Don't repeat the same ideas over and over.",
    ],
    [
      'a word limit stated twice',
      sections(
        '- Write a summary of the article of no more than 40 words in a section called SUMMARY.',
        '- The summary must not exceed forty words.',
      ),
      '- The summary must not exceed forty words.',
    ],
    [
      'no warnings, said twice',
      sections(
        '- Do not give warnings or notes; only output the requested sections.',
        '- Do not output warnings or notes.',
      ),
      '- Do not output warnings or notes.',
    ],
  ])('flags the %s', (_name, text, repeat) => {
    expect(flagged(text)).toEqual([repeat]);
  });

  it.each([
    [
      "Rédige la fiche produit d'une théière en fonte. Réponds en 80 mots au maximum. Mentionne la garantie de deux ans. Cite les trois couleurs. Ta réponse ne doit pas dépasser quatre-vingts mots.",
      'Ta réponse ne doit pas dépasser quatre-vingts mots.',
    ],
    [
      'Escribe el correo de bienvenida para nuevos socios del gimnasio. No uses emojis. Incluye el horario de apertura. Explica cómo reservar clases. Evita los emojis en todo el correo.',
      'Evita los emojis en todo el correo.',
    ],
    [
      'Fasse das Protokoll der Teamsitzung zusammen. Schreibe höchstens 120 Wörter. Nenne die offenen Aufgaben mit Verantwortlichen. Die Zusammenfassung darf 120 Wörter nicht überschreiten.',
      'Die Zusammenfassung darf 120 Wörter nicht überschreiten.',
    ],
    [
      'Scrivi la risposta al reclamo del cliente. Usa un tono cortese. Indica i tempi di rimborso. Ricorda: il tono deve restare gentile in tutte le frasi.',
      'Ricorda: il tono deve restare gentile in tutte le frasi.',
    ],
    [
      'Resuma o relatório trimestral para a diretoria. Use no máximo 5 tópicos. Destaque os riscos principais. O resumo não pode ultrapassar cinco tópicos.',
      'O resumo não pode ultrapassar cinco tópicos.',
    ],
    [
      'Write the release notes for version 2.4 of our app. Do not mention internal ticket numbers. Group the changes by feature. Leave out any internal ticket numbers.',
      'Leave out any internal ticket numbers.',
    ],
    [
      'Draft the newsletter for our climbing gym. The newsletter must stay under 200 words. Announce the new bouldering wall. Do not go over 200 words in total.',
      'Do not go over 200 words in total.',
    ],
    [
      'Review my landing page copy. Keep the tone professional. Suggest a better headline. Make sure everything you write sounds professional.',
      'Make sure everything you write sounds professional.',
    ],
    [
      'Translate the recipe into English. Keep the quantities in grams. Recuerda: the quantities stay in grams, never in cups.',
      'Recuerda: the quantities stay in grams, never in cups.',
    ],
    [
      'Rewrite my CV summary for a data analyst role. Do not invent any certifications. Keep my own wording where you can. Stay away from making up certifications I never mentioned.',
      'Stay away from making up certifications I never mentioned.',
    ],
    [
      'Suggest tags for the blog post in the <post> tags. Every tag must be in lowercase. Give at most 8 tags.\n<post>Our trip to Lisbon</post>\nRemember: no capital letters in any tag.',
      'Remember: no capital letters in any tag.',
    ],
    [
      'I want you to act as a travel guide for Lisbon. Suggest places near the spot I give you. You will act as a friendly local travel guide for Lisbon.',
      'You will act as a friendly local travel guide for Lisbon.',
    ],
    [
      'Explain how a heat pump works to my grandmother. Avoid jargon. She has never owned one. Do not use technical terminology anywhere.',
      'Do not use technical terminology anywhere.',
    ],
    [
      'Explica a mis alumnos cómo funciona una hipoteca. No uses tecnicismos. Da un ejemplo con cifras. Evita el lenguaje técnico.',
      'Evita el lenguaje técnico.',
    ],
    [
      'Schreibe eine Absage an den Bewerber. Verwende keine Floskeln. Nenne den Grund in einem Satz. Vermeide Floskeln, der Bewerber ist Jurist.',
      'Vermeide Floskeln, der Bewerber ist Jurist.',
    ],
  ])('flags the restatement in %s', (text, repeat) => {
    expect(flagged(text)).toEqual([repeat]);
  });
});

describe('duplicate-instruction: what a long prompt says twice on purpose is not a repeat', () => {
  it.each([
    [
      'each section its own count',
      sections(
        '- Extract 20 to 50 of the most surprising ideas into a section called IDEAS.\n- Extract 10 to 20 of the best quotes into a section called QUOTES.',
        '- Write the IDEAS bullets as exactly 16 words.\n- Write the QUOTES bullets as exactly 16 words.',
      ),
    ],
    [
      'the purpose line and the step that carries it out',
      `# IDENTITY AND PURPOSE\n\nYou extract the most surprising ideas from articles about technology.\n\n# STEPS\n\n- Extract 20 to 50 of the most surprising ideas from the input into a section called IDEAS.\n${FILLER}\n\n# OUTPUT INSTRUCTIONS\n\n- Only output Markdown.\n\n# INPUT\n\nINPUT:`,
    ],
    [
      'the two ends of a range',
      'Write a product description for the lamp. Use at least 50 words. Use at most 100 words.',
    ],
    ['two short prohibitions on different things', 'Write the caption for the photo. No emojis. No hashtags.'],
    [
      'two prohibitions on different things',
      'Summarise the thread for the team. Do not use emojis. Do not use jargon.',
    ],
    ['two parts of the answer', 'Reply in French to the customer. Write the note to the agent in English.'],
    [
      'the same limit for each part',
      'Write a section called STRENGTHS with 3 bullets. Write a section called WEAKNESSES with 3 bullets.',
    ],
    ['a count and a length', 'Write 5 taglines for the bakery. Each tagline must be under 8 words.'],
    [
      'the same tone for two different parts',
      'Reply to the customer in a friendly tone. Write the internal escalation note for the engineering team in a friendly tone too.',
    ],
    [
      'a role and an order about the same thing',
      'You are a travel guide for Lisbon. Write a travel guide for Lisbon in 5 bullets.',
    ],
    [
      'two dates in one pattern',
      'Write the start date as YYYY-MM-DD. Give the due date of the invoice in the format YYYY-MM-DD.',
    ],
    ['the same number of different things', 'Keep the summary under 100 words. Cite at most 100 sources.'],
    [
      'a format, then only that format',
      'Return the invoice fields as JSON with the keys vendor and total. Return the JSON and nothing else.',
    ],
  ])('does not flag %s', (_name, text) => {
    expect(flagged(text)).toEqual([]);
  });
});
