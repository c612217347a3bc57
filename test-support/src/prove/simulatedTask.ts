/**
 * The simulated [prove] task: a rough prompt for a hiking shop's help desk, questions of varied
 * length, and a rubric whose criteria the simulated model meets only when the prompt asks for them.
 */
import type { TestCase } from '@prompt-perfect/core/api/prove';

const SIMULATED_PERSONA = 'Trail Guide Tess';
const SIMULATED_OPENING = 'Tess here:';
const SIMULATED_WORD_LIMIT = 40;

export const SIMULATED_ROUGH_PROMPT = 'Answer customer questions for our hiking gear shop.';

export const SIMULATED_RUBRIC = [
  'The answer addresses the question.',
  'The answer is valid JSON only, shaped {"answer": "..."}.',
  `The answer is at most ${SIMULATED_WORD_LIMIT} words.`,
  `The answer speaks as ${SIMULATED_PERSONA} (it opens with '${SIMULATED_OPENING}').`,
].join('\n');

const QUESTIONS = [
  'Which boots suit a muddy autumn day hike?',
  'Do you ship tents abroad?',
  'How should I clean a down sleeping bag after a wet trip?',
  'What size backpack do I need for three nights in the Alps with a tent and a stove?',
  'Are trekking poles worth it for a beginner?',
  'Can I return worn shoes?',
  'What layers should I wear for a winter summit in wind and light snow?',
  'Which water filter works for a group of six on a week-long canoe trip?',
  'Is the rain jacket breathable?',
  'How do I waterproof old leather boots?',
  'What is the warmest sleeping bag under one kilo?',
  'Do you have gift cards?',
  'How do I pick crampons for my boots, and do they fit all soles?',
  'Which headlamp lasts longest on one charge in the cold?',
  'Can a child use an adult harness for a via ferrata?',
  'What do you recommend for blisters on long descents?',
  'How heavy is your lightest two-person tent, with pegs and poles?',
  'Do you repair zips?',
  'Which stove works at high altitude in freezing weather?',
  'What should a first-aid kit for a solo multi-day hike contain?',
];

/** `count` cases (the questions repeat with a variant tag beyond twenty). */
export function simulatedCases(count: number): TestCase[] {
  return Array.from({ length: count }, (_, i) => {
    const q = QUESTIONS[i % QUESTIONS.length];
    const input = i < QUESTIONS.length ? q : `${q} (variant ${Math.floor(i / QUESTIONS.length) + 1})`;
    return { id: `c${i + 1}`, input, ...(i % 3 === 0 ? { expected: 'A direct recommendation\nA reason for it' } : {}) };
  });
}
