/** Where each rule's advice comes from: Anthropic's and OpenAI's published prompting guides. */
const ANTHROPIC = 'https://docs.anthropic.com/en/docs/build-with-claude/prompt-engineering';

export const GUIDANCE = {
  clearAndDirect: `${ANTHROPIC}/be-clear-and-direct`,
  xmlTags: `${ANTHROPIC}/use-xml-tags`,
  examples: `${ANTHROPIC}/multishot-prompting`,
  longContext: `${ANTHROPIC}/long-context-tips`,
  templates: `${ANTHROPIC}/prompt-templates-and-variables`,
  openaiBestPractices:
    'https://help.openai.com/en/articles/6654000-best-practices-for-prompt-engineering-with-the-openai-api',
  openaiGpt41: 'https://cookbook.openai.com/examples/gpt4-1_prompting_guide',
} as const;
