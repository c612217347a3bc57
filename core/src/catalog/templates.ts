/** Prompt templates: 4 categories x 4, each with fill-in-the-blank [placeholders] (spec section 3). */
type TemplateCategoryId = 'writing' | 'code' | 'analysis' | 'creative';

export interface PromptTemplate {
  id: string;
  name: string;
  category: TemplateCategoryId;
  text: string;
}

export interface TemplateCategory {
  id: TemplateCategoryId;
  name: string;
  templates: PromptTemplate[];
}

export const TEMPLATE_CATEGORIES: TemplateCategory[] = [
  {
    id: 'writing',
    name: 'Writing',
    templates: [
      {
        id: 'blog-post',
        name: 'Blog Post',
        category: 'writing',
        text: 'Write a [length]-word blog post about [topic] for [target audience]. Include an engaging introduction, [number] main sections with subheadings, practical examples, and a conclusion with a clear call to action: [call to action].',
      },
      {
        id: 'email-assistant',
        name: 'Email Assistant',
        category: 'writing',
        text: 'Write a [formal/casual] email to [recipient] about [subject]. The goal of the email is [goal]. Mention [key points] and end with [next step or request].',
      },
      {
        id: 'marketing-copy',
        name: 'Marketing Copy',
        category: 'writing',
        text: 'Write marketing copy for [product or service] aimed at [target customer]. Highlight [key benefits], address [main objection], and finish with a call to action that drives [desired action]. Channel: [website/ad/email].',
      },
      {
        id: 'social-media-post',
        name: 'Social Media Post',
        category: 'writing',
        text: 'Create a [platform] post about [topic] for [audience]. Keep it under [character limit] characters, include [number] relevant hashtags, and encourage [engagement goal].',
      },
    ],
  },
  {
    id: 'code',
    name: 'Code',
    templates: [
      {
        id: 'code-review',
        name: 'Code Review',
        category: 'code',
        text: 'Review the following [language] code for correctness, readability, performance and security. Point out bugs and risky patterns, explain why each matters, and suggest concrete fixes:\n[paste code here]',
      },
      {
        id: 'bug-debugging',
        name: 'Bug Debugging',
        category: 'code',
        text: 'Help me debug a [language/framework] problem. Expected behaviour: [expected]. Actual behaviour: [actual]. Error message: [error]. Relevant code:\n[paste code here]\nFind the root cause and propose a fix.',
      },
      {
        id: 'code-explanation',
        name: 'Code Explanation',
        category: 'code',
        text: 'Explain what the following [language] code does, step by step, for a [beginner/intermediate/expert] developer. Describe its inputs, outputs and any side effects:\n[paste code here]',
      },
      {
        id: 'algorithm-design',
        name: 'Algorithm Design',
        category: 'code',
        text: 'Design an algorithm to [problem]. Input: [input description]. Output: [output description]. Constraints: [size limits, time or memory limits]. Explain the approach, give its time and space complexity, and provide an implementation in [language].',
      },
    ],
  },
  {
    id: 'analysis',
    name: 'Analysis',
    templates: [
      {
        id: 'data-analysis',
        name: 'Data Analysis',
        category: 'analysis',
        text: 'Analyze [dataset or data description] to answer [question]. Identify key trends, outliers and correlations, state your assumptions, and summarize the findings with [number] actionable recommendations.',
      },
      {
        id: 'market-research',
        name: 'Market Research',
        category: 'analysis',
        text: 'Research the market for [product or industry] in [region]. Cover market size, growth trends, customer segments, key players and barriers to entry, and conclude with opportunities for [company or goal].',
      },
      {
        id: 'swot-analysis',
        name: 'SWOT Analysis',
        category: 'analysis',
        text: 'Conduct a SWOT analysis for [company, product or project] in [market or context]. List the strengths, weaknesses, opportunities and threats, with a short justification for each, and finish with [number] strategic recommendations.',
      },
      {
        id: 'competitor-analysis',
        name: 'Competitor Analysis',
        category: 'analysis',
        text: 'Compare [our product] with [competitor 1], [competitor 2] and [competitor 3] on [criteria such as pricing, features, positioning]. Present the comparison as a table and highlight where [our product] can differentiate.',
      },
    ],
  },
  {
    id: 'creative',
    name: 'Creative',
    templates: [
      {
        id: 'story-writing',
        name: 'Story Writing',
        category: 'creative',
        text: 'Write a [genre] short story of about [length] words about [main character] who [central conflict]. Set it in [setting], use a [tone] tone, and end with [type of ending].',
      },
      {
        id: 'brainstorming',
        name: 'Brainstorming',
        category: 'creative',
        text: 'Brainstorm [number] ideas for [goal or problem] for [audience]. Mix safe and bold ideas, give each a one-line description, and mark the [number] most promising ones.',
      },
      {
        id: 'character-creation',
        name: 'Character Creation',
        category: 'creative',
        text: 'Create a character for a [genre] story: name, age, appearance, personality, backstory, motivation and a key flaw. The character plays the role of [role] and is in conflict with [antagonist or obstacle].',
      },
      {
        id: 'world-building',
        name: 'World Building',
        category: 'creative',
        text: 'Build a [genre] world called [world name]. Describe its geography, history, cultures, political systems, technology or magic, and [number] sources of conflict that could drive a story.',
      },
    ],
  },
];

const ALL_TEMPLATES: PromptTemplate[] = TEMPLATE_CATEGORIES.flatMap((c) => c.templates);

export function findTemplate(id: string | null | undefined): PromptTemplate | undefined {
  if (!id) return undefined;
  return ALL_TEMPLATES.find((t) => t.id === id);
}
