/** The README's example: `PROMPT_PERFECT_URL=... PROMPT_PERFECT_TOKEN=pp_... npx tsx sdk/examples/getPrompt.ts` */
import { createPromptClient } from '@prompt-perfect/sdk';

const prompts = createPromptClient({
  baseUrl: process.env.PROMPT_PERFECT_URL ?? 'http://127.0.0.1:3002',
  token: process.env.PROMPT_PERFECT_TOKEN ?? '',
  ttlMs: 60_000,
});

const prompt = await prompts.getPrompt('support-reply', {
  label: 'production',
  fallback: 'Answer {{customer}} politely about {{topic}}.',
});
console.log(`${prompt.name} v${prompt.version} (${prompt.label}, from ${prompt.source}), model ${prompt.config.model}`);
console.log(prompt.compile({ customer: 'Ada', topic: 'her invoice' }));

const again = await prompts.getPrompt('support-reply', { label: 'production' });
console.log(`second call: from ${again.source}`);

try {
  prompt.compile({ customer: 'Ada' });
} catch (err) {
  console.log(`refused: ${(err as Error).message}`);
}
