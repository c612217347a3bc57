import { findAudience } from '../catalog/audiences';
import { LANGUAGES } from '../catalog/languages';
import { findPersona } from '../catalog/personas';
import { findTemplate } from '../catalog/templates';
import { toneInstruction } from '../catalog/tones';
import { detectTaskKind, DETECT_SLICE } from './detectTaskKind';
import { withDefaults, type OptimizationOptions } from './options';
import type { TaskKind } from './taskKinds';

/**
 * The offline optimizer: the embedded default when no provider key is configured. It turns a
 * rough task into a structured prompt (role, task, audience, requirements with tone and
 * language, technique scaffolding, examples, template, output format) with no network call.
 * Deterministic; keeps the user's text verbatim (only the first letter may be capitalised and a
 * full stop added); adds only lines that carry an instruction. Linear in the input's length.
 */

/** Longer or multi-line tasks go in a quoted block instead of one "Task:" line. */
const INLINE_TASK_MAX = 300;
const STATES_SIZE =
  /\b\d+\s*(?:-\s*\d+\s*)?(?:words?|characters?|chars|sentences?|paragraphs?|pages?|lines?|items?|ideas?|bullets?|points?|tips|examples?|names|tweets?|minutes?|slides?|steps|questions|options|suggestions|verses?|stanzas?)\b/i;

function taskSection(task: string): string {
  const first = task.charAt(0);
  const text = first.toLowerCase() !== first.toUpperCase() ? first.toUpperCase() + task.slice(1) : task;
  if (text.length <= INLINE_TASK_MAX && !text.includes('\n')) {
    return `Task: ${/[.!?:;]$/.test(text) ? text : `${text}.`}`;
  }
  return `Task:\n"""\n${text}\n"""`;
}

function roleLine(kind: TaskKind, o: OptimizationOptions): string {
  const persona = findPersona(o.personaId);
  if (persona) return persona.rolePrompt;
  if (o.technique === 'role-prompting') {
    return `You are ${kind.role}. Answer from that expert perspective, applying the standards and best practices of the field.`;
  }
  return `You are ${kind.role}.`;
}

function techniqueSection(kind: TaskKind, o: OptimizationOptions): string | null {
  if (o.technique === 'chain-of-thought') {
    return [
      'Work through it step by step:',
      ...kind.steps.map((s, i) => `${i + 1}. ${s}`),
      'Show this reasoning briefly, then give the final answer under a clear "Final answer" heading.',
    ].join('\n');
  }
  if (o.technique === 'few-shot' && !o.positiveExamples?.trim()) {
    return 'Example to follow (replace with a real one):\nInput: [a typical input]\nOutput: [the ideal output for it]';
  }
  return null;
}

function requirementLines(kind: TaskKind, task: string, o: OptimizationOptions): string[] {
  const lines = [...kind.requirements];
  if (kind.length && !STATES_SIZE.test(task.slice(0, DETECT_SLICE))) lines.push(kind.length);
  lines.push(toneInstruction(o.tone, o.customTone));
  if (o.language !== 'English') {
    const label = LANGUAGES.find((l) => l.id === o.language)?.label ?? o.language;
    lines.push(`Language: write the entire response in ${label}.`);
  }
  return lines.map((l) => `- ${l}`);
}

export function optimizeOffline(task: string, options?: Partial<OptimizationOptions>): string {
  const o = withDefaults(options);
  const trimmed = typeof task === 'string' ? task.trim() : '';
  const template = findTemplate(o.templateId);
  const subject = trimmed || template?.text;
  if (!subject) return '';

  const kind = detectTaskKind(subject);
  const sections: string[] = [roleLine(kind, o)];

  if (trimmed) sections.push(taskSection(trimmed));
  if (template) {
    sections.push(
      trimmed
        ? `Template (${template.name}): fill in the [placeholders] from the task above:\n${template.text}`
        : `Task (${template.name} template; fill in the [placeholders]):\n${template.text}`,
    );
  }

  const audience = findAudience(o.audienceId);
  if (audience) sections.push(`Audience: ${audience.instruction}`);

  sections.push(`Requirements:\n${requirementLines(kind, trimmed, o).join('\n')}`);

  const technique = techniqueSection(kind, o);
  if (technique) sections.push(technique);

  const good = o.positiveExamples?.trim();
  if (good) sections.push(`Examples of good output (match their style):\n${good}`);
  const bad = o.negativeExamples?.trim();
  if (bad) sections.push(`Avoid output like this:\n${bad}`);

  sections.push(`Output format: ${kind.format}`);
  sections.push('Please state any assumptions you make where key details are missing.');
  return sections.join('\n\n');
}
