/** Prompt templates: 4 categories x 4, each with fill-in-the-blank {{variables}} (spec section 3). */
type TemplateCategoryId = 'writing' | 'code' | 'analysis' | 'creative';

export interface PromptTemplate {
  id: string;
  name: string;
  category: TemplateCategoryId;
  text: string;
  /**
   * Suggested values of each {{variable}} in the text, in order of use: the first is filled in as the
   * test value when the template is chosen; more than one are the variable's choices.
   */
  values: Record<string, readonly string[]>;
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
        text: 'Write a {{word_count}}-word blog post about {{topic}} for {{audience}}. Structure it as an engaging introduction, {{section_count}} main sections with subheadings, practical examples, and a conclusion that ends with this call to action: {{call_to_action}}.',
        values: {
          word_count: ['800', '1200', '1500'],
          topic: ['remote work habits'],
          audience: ['team leads'],
          section_count: ['3', '4', '5'],
          call_to_action: ['subscribe to the newsletter'],
        },
      },
      {
        id: 'email-assistant',
        name: 'Email Assistant',
        category: 'writing',
        text: 'Write an email in a {{tone}} tone to {{recipient}} about {{subject}}. The goal of the email is {{goal}}. Mention {{key_points}} and end with {{next_step}}. Give a subject line, then the body.',
        values: {
          tone: ['friendly', 'formal', 'casual'],
          recipient: ['a new customer'],
          subject: ['their first week with our app'],
          goal: ['helping them get started'],
          key_points: ['the setup guide and the support chat'],
          next_step: ['an invitation to a short onboarding call'],
        },
      },
      {
        id: 'marketing-copy',
        name: 'Marketing Copy',
        category: 'writing',
        text: 'Write marketing copy for {{product}} aimed at {{target_customer}}. Highlight {{key_benefits}}, address {{main_objection}}, and finish with a call to action that drives {{desired_action}}. Channel: {{channel}}. Keep it under 150 words.',
        values: {
          product: ['a note-taking app'],
          target_customer: ['busy students'],
          key_benefits: ['offline sync and fast search'],
          main_objection: ['the price'],
          desired_action: ['a free trial sign-up'],
          channel: ['website', 'ad', 'email'],
        },
      },
      {
        id: 'social-media-post',
        name: 'Social Media Post',
        category: 'writing',
        text: 'Create a {{platform}} post about {{topic}} for {{audience}}. Keep it under {{character_limit}} characters, include {{hashtag_count}} relevant hashtags, and encourage {{engagement_goal}}.',
        values: {
          platform: ['LinkedIn', 'Instagram', 'X'],
          topic: ['our product launch'],
          audience: ['small business owners'],
          character_limit: ['280', '500', '1300'],
          hashtag_count: ['3', '5'],
          engagement_goal: ['comments with their own tips'],
        },
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
        text: 'Review the {{language}} code between the <code> tags for correctness, readability, performance and security. List each bug or risky pattern, explain why it matters, and suggest a concrete fix.\n<code>\n{{code}}\n</code>',
        values: { language: ['TypeScript', 'Python', 'Java', 'Go'], code: ['function add(a, b) { return a - b; }'] },
      },
      {
        id: 'bug-debugging',
        name: 'Bug Debugging',
        category: 'code',
        text: 'Help me debug a {{language}} problem. Expected behaviour: {{expected}}. Actual behaviour: {{actual}}. Error message: {{error}}. The relevant code is between the <code> tags.\n<code>\n{{code}}\n</code>\nFind the root cause and propose a fix as a numbered list of steps.',
        values: {
          language: ['TypeScript', 'Python', 'Java', 'Go'],
          expected: ['the list is sorted by date'],
          actual: ['the list keeps its original order'],
          error: ['none'],
          code: ['items.sort((a, b) => a.date > b.date)'],
        },
      },
      {
        id: 'code-explanation',
        name: 'Code Explanation',
        category: 'code',
        text: 'Explain what the {{language}} code between the <code> tags does, step by step, for a {{experience_level}} developer. Describe its inputs, outputs and any side effects as a numbered list.\n<code>\n{{code}}\n</code>',
        values: {
          language: ['TypeScript', 'Python', 'Java', 'Go'],
          experience_level: ['beginner', 'intermediate', 'expert'],
          code: ['const total = prices.reduce((sum, p) => sum + p, 0);'],
        },
      },
      {
        id: 'algorithm-design',
        name: 'Algorithm Design',
        category: 'code',
        text: 'Design an algorithm to {{problem}}. Given: {{given}}. Wanted: {{wanted}}. Constraints: {{constraints}}. Explain the approach in numbered steps, give its time and space complexity, and provide an implementation in {{language}}.',
        values: {
          problem: ['find the two numbers in a list that add up to a target'],
          given: ['a list of integers and a target'],
          wanted: ['the indices of the two numbers'],
          constraints: ['up to 100000 numbers, one second'],
          language: ['TypeScript', 'Python', 'Java', 'Go'],
        },
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
        text: 'Analyze {{dataset}} to find out {{research_goal}}. Identify key trends, outliers and correlations, state your assumptions, and summarize the findings as a bulleted list followed by {{recommendation_count}} actionable recommendations.',
        values: {
          dataset: ['monthly sales by region for 2024'],
          research_goal: ['which region is growing fastest'],
          recommendation_count: ['3', '5'],
        },
      },
      {
        id: 'market-research',
        name: 'Market Research',
        category: 'analysis',
        text: 'Research the market for {{product}} in {{region}}. Cover market size, growth trends, customer segments, key players and barriers to entry in one section each, and conclude with a bulleted list of opportunities for {{goal}}.',
        values: {
          product: ['plant-based snacks'],
          region: ['Western Europe'],
          goal: ['a new brand entering the market'],
        },
      },
      {
        id: 'swot-analysis',
        name: 'SWOT Analysis',
        category: 'analysis',
        text: 'Conduct a SWOT analysis for {{subject}} in {{market}}. List the strengths, weaknesses, opportunities and threats, with a short justification for each, and finish with {{recommendation_count}} strategic recommendations.',
        values: {
          subject: ['a neighbourhood bakery'],
          market: ['a town with two supermarkets'],
          recommendation_count: ['3', '5'],
        },
      },
      {
        id: 'competitor-analysis',
        name: 'Competitor Analysis',
        category: 'analysis',
        text: 'Compare {{our_product}} with {{competitor_1}}, {{competitor_2}} and {{competitor_3}} on {{criteria}}. Present the comparison as a table and highlight where {{our_product}} can differentiate.',
        values: {
          our_product: ['our note-taking app'],
          competitor_1: ['Notion'],
          competitor_2: ['Evernote'],
          competitor_3: ['Obsidian'],
          criteria: ['pricing, features and positioning'],
        },
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
        text: 'Write a {{genre}} story of about {{word_count}} words about {{main_character}} who {{conflict}}. Set it in {{setting}}, use a {{tone}} tone, and end with {{ending}}.',
        values: {
          genre: ['science fiction', 'mystery', 'fantasy'],
          word_count: ['500', '1000', '2000'],
          main_character: ['a retired lighthouse keeper'],
          conflict: ['finds a message in a bottle addressed to her'],
          setting: ['a stormy island'],
          tone: ['warm', 'dark', 'playful'],
          ending: ['a twist', 'a happy ending', 'an open ending'],
        },
      },
      {
        id: 'brainstorming',
        name: 'Brainstorming',
        category: 'creative',
        text: 'Brainstorm {{idea_count}} ideas for {{goal}} for {{audience}}. Mix safe and bold ideas, give each a one-line description, and mark the {{top_count}} most promising ones.',
        values: {
          idea_count: ['10', '20'],
          goal: ['a team offsite'],
          audience: ['a remote team of 12'],
          top_count: ['3'],
        },
      },
      {
        id: 'character-creation',
        name: 'Character Creation',
        category: 'creative',
        text: 'Create a character for a {{genre}} story. Give the name, age, appearance, personality, backstory, motivation and a key flaw, one line each. The character plays the role of {{role}} and is in conflict with {{antagonist}}.',
        values: {
          genre: ['science fiction', 'mystery', 'fantasy'],
          role: ['the reluctant mentor'],
          antagonist: ['a corrupt city council'],
        },
      },
      {
        id: 'world-building',
        name: 'World Building',
        category: 'creative',
        text: 'Build a {{genre}} world called {{world_name}}. Describe its geography, history, cultures, political systems, technology or magic in one section each, and list {{conflict_count}} sources of conflict that could drive a story.',
        values: {
          genre: ['science fiction', 'fantasy', 'steampunk'],
          world_name: ['Veloria'],
          conflict_count: ['3', '5'],
        },
      },
    ],
  },
];

const ALL_TEMPLATES: PromptTemplate[] = TEMPLATE_CATEGORIES.flatMap((c) => c.templates);

export function findTemplate(id: string | null | undefined): PromptTemplate | undefined {
  if (!id) return undefined;
  return ALL_TEMPLATES.find((t) => t.id === id);
}

/** The test value each variable of a template starts with: its first suggested value. */
export function templateStartValues(template: PromptTemplate): Record<string, string> {
  return Object.fromEntries(Object.entries(template.values).map(([name, values]) => [name, values[0]]));
}

/** The choices offered for a variable of the chosen template (empty when it has none). */
export function variableChoices(templateId: string | null, name: string): readonly string[] {
  const values = findTemplate(templateId)?.values[name] ?? [];
  return values.length > 1 ? values : [];
}
