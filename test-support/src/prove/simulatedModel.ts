/**
 * A deterministic simulated model for [prove] tests and the benchmark. What it does depends only on
 * the text it is sent:
 * - answering a case, it follows only the instructions the prompt states: JSON only when told to
 *   answer in JSON, at most N words only when a word limit is given, a persona's voice only when
 *   told to speak as one; otherwise it answers in prose of a length that depends on the question;
 * - judging, it checks the answer against each rubric line it understands (JSON, word limit,
 *   opening phrase), and is a little noisy: about one answer in `noiseOneIn` loses a point;
 * - proposing, it adds ONE missing instruction suggested by the critiques, except that the first
 *   proposal for some prompts (and every proposal once nothing is missing) is a neutral rewording;
 * - drafting, it returns the simulated task's cases and rubric.
 * `instructionsOf` tells which instructions a prompt really contains, so the bench can tell a real
 * edit from a neutral one.
 */
import { DRAFT_SYSTEM_PROMPT, JUDGE_SYSTEM_PROMPT, PROPOSE_SYSTEM_PROMPT } from '@prompt-perfect/core/prove/prompts';
import { simulatedCases, SIMULATED_RUBRIC } from './simulatedTask';

export interface Instructions {
  json: boolean;
  wordLimit: number | null;
  persona: string | null;
}

export function instructionsOf(prompt: string): Instructions {
  const limit = /\bat most (\d+) words\b|\b(\d+) words or (?:fewer|less)\b/i.exec(prompt);
  return {
    json: /\b(?:answer|respond|reply) (?:only )?in JSON\b|\bJSON only\b/i.test(prompt),
    wordLimit: limit ? Number(limit[1] ?? limit[2]) : null,
    persona: /\b[Ss]peak as ([A-Z][\w]*(?: [A-Z][\w]*)*)/.exec(prompt)?.[1] ?? null,
  };
}

export const sameInstructions = (a: Instructions, b: Instructions): boolean =>
  a.json === b.json && a.wordLimit === b.wordLimit && a.persona === b.persona;

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);

const FILLER =
  'we stock several options and the staff can help you compare weight price comfort and durability before you decide on the trail'.split(
    ' ',
  );
const FLAVOURS = ['Good question.', 'Happy to help.', 'Sure.', 'Thanks for asking.', 'Great choice.', 'Of course.'];

/** The answer to one case under `prompt`. */
function simulatedAnswer(prompt: string, input: string): string {
  const rules = instructionsOf(prompt);
  const length = 35 + (hash(input) % 55);
  const flavour = FLAVOURS[hash(`${prompt}\n${input}`) % FLAVOURS.length];
  const body = [...words(flavour), 'About', `"${input.replace(/[?"]/g, '')}":`];
  for (let i = 0; body.length < length; i++) body.push(FILLER[i % FILLER.length]);
  let content = [...(rules.persona ? [`${rules.persona.split(' ').pop()} here:`] : []), ...body].join(' ');
  if (rules.wordLimit !== null) content = words(content).slice(0, rules.wordLimit).join(' ');
  return rules.json ? JSON.stringify({ answer: content }) : content;
}

function answerContent(answer: string): { content: string; json: boolean } {
  try {
    const parsed = JSON.parse(answer.trim());
    if (parsed && typeof parsed === 'object' && typeof parsed.answer === 'string')
      return { content: parsed.answer, json: true };
  } catch {
    // prose
  }
  return { content: answer, json: false };
}

/** The judge's verdict as the JSON text a model would return. */
function simulatedJudgement(rubric: string, answer: string, noiseOneIn: number): string {
  const { content, json } = answerContent(answer);
  const lines = rubric
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const failures: string[] = [];
  for (const line of lines) {
    const limit = /at most (\d+) words/i.exec(line);
    const opening = /opens with '([^']+)'/i.exec(line);
    if (/\bJSON\b/.test(line)) {
      if (!json) failures.push('Not valid JSON: the rubric asks for JSON only.');
    } else if (limit) {
      const n = words(content).length;
      if (n > Number(limit[1])) failures.push(`Longer than ${limit[1]} words (${n}).`);
    } else if (opening) {
      if (!content.startsWith(opening[1]))
        failures.push(
          `Not in the voice of ${/speaks as (.+?) \(/i.exec(line)?.[1] ?? 'the persona'}: it should open with '${opening[1]}'.`,
        );
    } else if (!content.trim()) failures.push('Empty answer.');
  }
  const total = Math.max(1, lines.length);
  let score = 1 + Math.round((4 * (total - failures.length)) / total);
  let critique = failures[0] ?? 'Meets every criterion.';
  if (noiseOneIn > 0 && hash(answer) % noiseOneIn === 0 && score > 1) {
    score -= 1;
    if (failures.length === 0) critique = 'A little vague in places.';
  }
  return JSON.stringify({ score, critique });
}

const NEUTRAL_SENTENCES = [
  'Be friendly and clear.',
  'Answer the question that was asked.',
  'Keep a helpful tone.',
  'Be accurate about our products.',
  'Stay polite with every customer.',
  'Write plainly.',
];

function section(message: string, name: string): string {
  const m = new RegExp(`### ${name}\\n([\\s\\S]*?)(?:\\n\\n### |$)`).exec(message);
  return m ? m[1].trim() : '';
}

export interface SimulatedModel {
  /** The reply to a chat call, or undefined when it is not one this model plays (answers only when `answers` is on). */
  reply(system: string, user: string, answers: boolean): string | undefined;
  reset(): void;
}

export function createSimulatedModel(options: { noiseOneIn?: number } = {}): SimulatedModel {
  const noiseOneIn = options.noiseOneIn ?? 8;
  /** Prompts that already got their neutral proposal, and the edits already proposed for each prompt. */
  const offeredNeutral = new Set<string>();
  const proposed = new Map<string, Set<string>>();

  function propose(user: string): string {
    const prompt = section(user, 'Current prompt');
    const critiques = [...section(user, 'Failing cases').matchAll(/Critique: (.*)/g)].map((m) => m[1]);
    const have = instructionsOf(prompt);
    const counts = new Map<string, number>();
    const note = (edit: string) => counts.set(edit, (counts.get(edit) ?? 0) + 1);
    for (const c of critiques) {
      if (/JSON/.test(c) && !have.json) note('Answer in JSON only, as {"answer": "..."}.');
      const limit = /Longer than (\d+) words/.exec(c);
      if (limit && have.wordLimit === null) note(`Keep every answer to at most ${limit[1]} words.`);
      const voice = /Not in the voice of (.+?):/.exec(c);
      if (voice && have.persona === null) note(`Speak as ${voice[1]}.`);
    }
    // A model asked again tries another fix than the one that was refused, until it runs out.
    const tried = proposed.get(prompt) ?? new Set<string>();
    proposed.set(prompt, tried);
    const ranked = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([edit]) => edit);
    const edit = ranked.find((e) => !tried.has(e)) ?? ranked[0];
    const neutralFirst = hash(prompt) % 3 === 0 && !offeredNeutral.has(prompt);
    if (edit && !neutralFirst) {
      tried.add(edit);
      return `${prompt}\n${edit}`;
    }
    offeredNeutral.add(prompt);
    const sentence =
      NEUTRAL_SENTENCES.find((s) => !prompt.includes(s) && !tried.has(s)) ??
      NEUTRAL_SENTENCES.find((s) => !prompt.includes(s));
    if (!sentence) return prompt.replace(/\.$/, '!');
    tried.add(sentence);
    return `${prompt}\n${sentence}`;
  }

  return {
    reply(system, user, answers) {
      if (system.startsWith(JUDGE_SYSTEM_PROMPT))
        return simulatedJudgement(section(user, 'Rubric'), section(user, 'Answer'), noiseOneIn);
      if (system.startsWith(PROPOSE_SYSTEM_PROMPT)) return propose(user);
      if (system.startsWith(DRAFT_SYSTEM_PROMPT)) {
        const count = Number(section(user, 'Number of cases')) || 10;
        return JSON.stringify({
          rubric: SIMULATED_RUBRIC,
          cases: simulatedCases(count).map(({ input, expected }) => ({ input, expected })),
        });
      }
      return answers ? simulatedAnswer(system, user) : undefined;
    },
    reset() {
      offeredNeutral.clear();
      proposed.clear();
    },
  };
}
