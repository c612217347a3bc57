/**
 * Data for the offline optimizer: the kinds of task it recognises, how to spot them, and what a
 * good prompt for each one asks for. Adding a kind is adding one entry. Order breaks ties.
 */
export interface TaskKind {
  id: string;
  /** Words that name the artefact or action (weight 3). */
  strong: string[];
  /** Words that hint at the domain (weight 1). */
  weak: string[];
  /** Completes "You are ...". */
  role: string;
  /** Requirement lines; the first always asks for specifics. */
  requirements: string[];
  /** A length constraint, dropped when the task already states a size. */
  length?: string;
  /** Chain-of-thought steps for this kind of task. */
  steps: [string, string, string];
  /** Completes "Output format: ...". */
  format: string;
}

export const TASK_KINDS: TaskKind[] = [
  {
    id: 'code',
    strong: ['code', 'function', 'bug', 'debug', 'script', 'program', 'refactor', 'regex', 'sql', 'query', 'unit tests', 'compile', 'exception', 'endpoint', 'algorithm', 'stack trace', 'class', 'method'],
    weak: ['python', 'javascript', 'typescript', 'java', 'rust', 'golang', 'c#', 'c++', 'react', 'node', 'css', 'html', 'database', 'api', 'implement', 'error', 'app', 'library', 'docker', 'git'],
    role: 'an experienced software engineer',
    requirements: [
      'Be specific: state the language and versions you assume, and handle edge cases and errors.',
      'Keep the code readable and idiomatic, with brief comments only where the logic is not obvious.',
      'If the code or error message needed is missing, ask for it instead of guessing.',
    ],
    steps: ['Restate the requirements and the edge cases.', 'Design the approach and justify the key choices.', 'Implement it, then check it against the edge cases.'],
    format: 'the complete code in a fenced code block, followed by a short explanation of how it works and how to run it.',
  },
  {
    id: 'math',
    strong: ['solve', 'calculate', 'equation', 'proof', 'prove', 'probability', 'integral', 'derivative', 'math', 'maths'],
    weak: ['percent', 'percentage', 'formula', 'algebra', 'geometry', 'statistics', 'compute', 'number'],
    role: 'a careful mathematician and tutor',
    requirements: [
      'Be specific: show each step of the working and name the rule or formula used.',
      'Check the result, for example by substituting it back.',
    ],
    steps: ['Restate what is given and what is asked.', 'Choose the method and apply it one step at a time.', 'Verify the answer and state it clearly.'],
    format: 'the worked solution as numbered steps, then the final answer on its own line.',
  },
  {
    id: 'translate',
    strong: ['translate', 'translation', 'traduire', 'traducir', 'übersetzen'],
    weak: ['french', 'spanish', 'german', 'italian', 'english', 'chinese', 'japanese', 'language'],
    role: 'a professional translator',
    requirements: [
      'Be specific: preserve the meaning, tone and register; render idioms naturally rather than word for word.',
      'Keep names, numbers and formatting unchanged.',
    ],
    steps: ['Read the source for meaning, tone and register.', 'Translate it, choosing natural equivalents for idioms.', 'Re-read the translation against the source for accuracy.'],
    format: 'the translation only, followed by brief notes on any ambiguous choices.',
  },
  {
    id: 'summarize',
    strong: ['summarize', 'summarise', 'summary', 'tl;dr', 'tldr', 'condense', 'key points', 'key takeaways'],
    weak: ['shorten', 'article', 'transcript', 'meeting notes', 'paper', 'chapter'],
    role: 'a careful editor who writes accurate summaries',
    requirements: [
      'Be specific and faithful: keep the key facts, figures and conclusions, and add nothing that is not in the source.',
      'Leave out repetition and minor details.',
    ],
    steps: ['Identify the main point of the source.', 'List the supporting facts and conclusions.', 'Condense them without changing their meaning.'],
    format: 'a one-sentence overview followed by 3-5 bullet points of the key points.',
  },
  {
    id: 'edit',
    strong: ['proofread', 'rewrite', 'rephrase', 'paraphrase', 'edit', 'polish', 'grammar', 'reword', 'make it sound', 'improve this', 'improve my', 'make this sound', 'more professional'],
    weak: ['spelling', 'clearer', 'flow', 'wording', 'text', 'paragraph', 'sentence'],
    role: 'a meticulous editor',
    requirements: [
      'Be specific: fix grammar, clarity and flow while keeping the original meaning and voice.',
      'Do not add new claims or content.',
    ],
    steps: ['Read the text for meaning and voice.', 'Mark the grammar, clarity and flow problems.', 'Revise, then re-read to confirm the meaning is unchanged.'],
    format: 'the revised text first, then a short bullet list of the main changes.',
  },
  {
    id: 'creative',
    strong: ['story', 'stories', 'poem', 'poetry', 'song', 'lyrics', 'haiku', 'fiction', 'novel', 'fairy tale', 'joke', 'jokes', 'limerick', 'screenplay', 'short film', 'rap', 'fable', 'poème', 'poema', 'gedicht', 'histoire', 'cuento', 'geschichte'],
    weak: ['character', 'characters', 'plot', 'fantasy', 'sci-fi', 'dragon', 'magic', 'villain', 'hero', 'rhyme', 'bedtime', 'funny', 'creative', 'world'],
    role: 'a skilled creative writer',
    requirements: [
      'Be specific and vivid: use concrete details, sensory language and a distinct voice.',
      'Give it a clear shape: a strong opening, development and a satisfying ending.',
    ],
    steps: ['Choose the core idea, characters and setting.', 'Outline the beginning, middle and end.', 'Write the piece, then refine its language and rhythm.'],
    format: 'the finished piece with a title, and nothing else.',
  },
  {
    id: 'analysis',
    strong: ['analyze', 'analyse', 'analysis', 'compare', 'comparison', 'evaluate', 'assess', 'swot', 'pros and cons', 'investigate', 'forecast', 'competitor', 'competitors', 'research'],
    weak: ['data', 'metrics', 'statistics', 'trends', 'market', 'survey', 'results', 'performance', 'versus', 'vs', 'impact', 'risk', 'risks'],
    role: 'a rigorous analyst',
    requirements: [
      'Be specific: support each point with evidence, figures or concrete examples, and state your assumptions.',
      'Separate facts from interpretation, and note limitations or uncertainty.',
    ],
    steps: ['Define the question and the criteria.', 'Examine the evidence for each criterion.', 'Weigh the findings and draw conclusions.'],
    format: 'a short summary first, then the findings under headings (a table for comparisons), then actionable recommendations.',
  },
  {
    id: 'writing',
    strong: ['blog', 'article', 'essay', 'email', 'e-mail', 'letter', 'newsletter', 'post', 'copy', 'headline', 'headlines', 'caption', 'bio', 'resume', 'cv', 'cover letter', 'press release', 'speech', 'announcement', 'tweet', 'proposal', 'product description', 'landing page', 'slogan', 'tagline', 'video script'],
    weak: ['write', 'draft', 'linkedin', 'instagram', 'twitter', 'facebook', 'marketing', 'audience', 'readers', 'customers', 'brand', 'youtube', 'podcast'],
    role: 'an experienced writer and editor',
    requirements: [
      'Be specific: use concrete details and examples rather than generalities.',
      'Open with a strong hook and end with a clear takeaway or call to action.',
    ],
    length: 'Length: fit the format (about 150-250 words for an email or social post, 600-1000 for an article) unless stated otherwise.',
    steps: ['Identify the reader and the single main message.', 'Outline the key points in a logical order.', 'Write the draft, then tighten it for clarity.'],
    format: 'the final text, ready to use, with a title or subject line and short paragraphs (headings or bullet points where they help).',
  },
  {
    id: 'plan',
    strong: ['plan', 'schedule', 'itinerary', 'roadmap', 'strategy', 'routine', 'workout', 'meal plan', 'budget', 'checklist', 'timeline', 'agenda', 'curriculum', 'syllabus'],
    weak: ['trip', 'travel', 'vacation', 'launch', 'organize', 'organise', 'prepare', 'goals', 'weekly', 'daily', 'month', 'weeks', 'diet', 'training', 'event', 'wedding', 'steps', 'study', 'exam'],
    role: 'an expert planner',
    requirements: [
      'Be specific: give concrete actions, timings and quantities rather than general advice.',
      'Keep it realistic: note prerequisites, constraints and what to do if something goes wrong.',
    ],
    steps: ['Clarify the goal, the constraints and the time available.', 'Break the work into phases and concrete actions.', 'Order and schedule them, checking that the plan is realistic.'],
    format: 'a structured plan with numbered steps or a phase-by-phase breakdown, each with a short rationale.',
  },
  {
    id: 'ideas',
    strong: ['ideas', 'brainstorm', 'names', 'name ideas', 'suggestions', 'suggest', 'recommend', 'recommendations', 'tips', 'ways to', 'alternatives', 'list of'],
    weak: ['options', 'list', 'gift', 'gifts', 'themes', 'topics', 'activities', 'inspiration', 'best'],
    role: 'a creative strategist',
    requirements: [
      'Be specific: each item should be concrete and actionable, not a generic category.',
      'Cover a range from safe to bold, and avoid near-duplicates.',
    ],
    length: 'Quantity: 10 items unless the task says otherwise.',
    steps: ['Clarify the goal and what makes an idea good here.', 'Generate a broad range of options.', 'Keep the strongest, distinct ones and rank them.'],
    format: 'a numbered list, each item with a one-line explanation of why it works.',
  },
  {
    id: 'explain',
    strong: ['explain', 'what is', 'what are', 'how does', 'how do', 'why do', 'why does', 'why is', 'teach', 'describe', 'define', 'difference between', 'tutorial', 'guide', 'how to'],
    weak: ['understand', 'learn', 'beginner', 'concept', 'theory', 'works', 'meaning', 'history', 'science', 'overview', 'basics', 'introduction'],
    role: 'a knowledgeable teacher who explains complex topics clearly',
    requirements: [
      'Be specific: define key terms and use a concrete example or analogy.',
      'Start from the basics and build up; correct common misconceptions.',
    ],
    steps: ['Identify what the reader needs to understand.', 'Explain the core idea, then the supporting details.', 'Check the explanation with an example and summarise it.'],
    format: 'a short direct answer first, then a structured explanation with headings or bullet points, ending with a brief summary.',
  },
];

/** Used when no kind matches. */
export const GENERAL_KIND: TaskKind = {
  id: 'general',
  strong: [],
  weak: [],
  role: 'a knowledgeable expert in this subject',
  requirements: [
    'Be specific and practical: give concrete details, examples and actionable steps rather than generalities.',
    'Point out important caveats or trade-offs.',
  ],
  steps: ['Clarify what is being asked and what a good answer needs.', 'Work through the key points one at a time.', 'Check the result and summarise it.'],
  format: 'a clear, well-structured answer with headings or bullet points where they help, ending with a short summary or next steps.',
};
