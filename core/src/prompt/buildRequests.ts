import { findAudience } from '../catalog/audiences';
import { LANGUAGES } from '../catalog/languages';
import { findPersona } from '../catalog/personas';
import { findTemplate } from '../catalog/templates';
import { TECHNIQUES } from '../catalog/techniques';
import { toneInstruction } from '../catalog/tones';
import { withDefaults, type OptimizationOptions } from './options';
import { TECHNIQUE_SYSTEM_INSTRUCTIONS } from './techniqueInstructions';
import { variableNames } from './variables';

/** A model call: system instruction plus user text (spec section 7). */
export interface ModelRequest {
  systemPrompt: string;
  userPrompt: string;
}

const RETURN_ONLY = 'Return only the optimized prompt, with no preamble, explanation or surrounding quotes.';

/**
 * When the text has {{placeholders}}, the model must keep them: their values are filled in later
 * (Test Prompt, the user's own template). Nothing is added for a text without any.
 */
function keepVariablesInstruction(text: string): string[] {
  const names = variableNames(text);
  if (!names.length) return [];
  const list = names.map((n) => `{{${n}}}`).join(', ');
  return [
    `The prompt has placeholders that are filled in later: ${list}. Keep every one of them exactly as written, with the double braces, where its value belongs in the optimized prompt.`,
  ];
}

/** The option lines shared by optimization and Continue Building. */
function optionInstructions(options: Partial<OptimizationOptions>): string[] {
  const o = withDefaults(options);
  const lines: string[] = [];
  const persona = findPersona(o.personaId);
  if (persona)
    lines.push(`The optimized prompt must have the model adopt this role (${persona.name}): ${persona.rolePrompt}`);
  const audience = findAudience(o.audienceId);
  if (audience) lines.push(`Target audience (${audience.name}): ${audience.instruction}`);
  lines.push(`Tone: ${toneInstruction(o.tone, o.customTone)}`);
  const label = LANGUAGES.find((l) => l.id === o.language)?.label ?? o.language;
  lines.push(`Language: write the optimized prompt in ${label}, and ask for the answer in ${label}.`);
  const template = findTemplate(o.templateId);
  if (template) {
    lines.push(
      `Template (${template.name}): follow this structure, filling in the [placeholders] from the user's task and keeping any that the task does not answer:\n${template.text}`,
    );
  }
  const good = o.positiveExamples?.trim();
  if (good) lines.push(`Examples of what good output looks like (follow their style):\n${good}`);
  const bad = o.negativeExamples?.trim();
  if (bad) lines.push(`Examples of what to avoid:\n${bad}`);
  return lines;
}

/** System instruction per technique plus every option; the user's task is the user text. */
export function buildOptimizationRequest(task: string, options: OptimizationOptions): ModelRequest {
  const technique = TECHNIQUES[options.technique] ?? TECHNIQUES['zero-shot'];
  const systemPrompt = [
    `You are an expert prompt engineer. Rewrite the user's rough task into an optimized prompt for a large language model using the ${technique.name} technique.`,
    TECHNIQUE_SYSTEM_INSTRUCTIONS[technique.id],
    "Keep the user's intent and key terms; make the prompt specific, give it context and structure, state constraints and the expected output format. Do not pad.",
    ...optionInstructions(options),
    ...keepVariablesInstruction(task),
    RETURN_ONLY,
  ].join('\n\n');
  return { systemPrompt, userPrompt: task.trim() };
}

/** The free trial's single user message: the expert-prompt-engineer instruction around the prompt. */
export function buildTrialInstruction(prompt: string): string {
  return [
    'You are an expert prompt engineer. Improve the following prompt so that it produces the best possible results from an AI model.',
    '',
    'Original prompt:',
    '"""',
    prompt.trim(),
    '"""',
    '',
    'Optimize it by:',
    '1. Improving specificity: make vague requests precise and detailed.',
    '2. Adding relevant context: who it is for, why, and any background the model needs.',
    '3. Improving structure: organise the request clearly, with sections or steps where helpful.',
    '4. Adding constraints: length, format, scope and what to avoid.',
    '5. Making it actionable: a clear instruction and the expected output.',
    '',
    ...keepVariablesInstruction(prompt),
    'Keep the original intent and key terms. Return only the optimized prompt, without any explanations or additional text.',
  ].join('\n');
}

/** Continue Building: refine the current prompt with the user's additions and the same options. */
export function buildContinueBuildingRequest(
  currentPrompt: string,
  additions: string,
  options: Partial<OptimizationOptions>,
): ModelRequest {
  const systemPrompt = [
    'You are an expert prompt engineer. Refine the existing prompt by incorporating the additional requirements. Keep everything in it that still applies, integrate the additions where they belong (do not just append them), and resolve conflicts in favour of the additions.',
    ...optionInstructions(options),
    ...keepVariablesInstruction(`${currentPrompt}\n${additions}`),
    'Return only the refined prompt, with no preamble, explanation or surrounding quotes.',
  ].join('\n\n');
  const userPrompt = `Current prompt:\n${currentPrompt.trim()}\n\nAdditional requirements:\n${additions.trim()}`;
  return { systemPrompt, userPrompt };
}

/** Test Prompt: run the optimized prompt against a test input, with a 2-3 sentence answer. */
export function buildTestRequest(optimizedPrompt: string, testInput: string): ModelRequest {
  const systemPrompt = `${optimizedPrompt.trim()}\n\nRespond to the user's input following the instructions above. Keep your response to 2-3 sentences.`;
  return { systemPrompt, userPrompt: testInput.trim() };
}
