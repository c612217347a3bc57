/** Target audiences: 5 groups x 4, each with an instruction for the model (spec section 3). */
type AudienceGroupId = 'children' | 'professionals' | 'technical' | 'general' | 'specialized';

export interface Audience {
  id: string;
  name: string;
  emoji: string;
  description: string;
  instruction: string;
}

export interface AudienceGroup {
  id: AudienceGroupId;
  name: string;
  audiences: Audience[];
}

export const AUDIENCE_GROUPS: AudienceGroup[] = [
  {
    id: 'children',
    name: 'Children',
    audiences: [
      {
        id: 'preschool',
        name: 'Preschool (3-5)',
        emoji: '🧸',
        description: 'Very young children, read aloud by an adult.',
        instruction:
          'Write for children aged 3 to 5: very short sentences, simple everyday words, playful repetition, and nothing frightening.',
      },
      {
        id: 'elementary',
        name: 'Elementary (6-10)',
        emoji: '🎒',
        description: 'Early readers in primary school.',
        instruction:
          'Write for children aged 6 to 10: short sentences, familiar words, concrete examples from school and home, and an encouraging tone.',
      },
      {
        id: 'middle-school',
        name: 'Middle School (11-13)',
        emoji: '📓',
        description: 'Curious pre-teens.',
        instruction:
          'Write for readers aged 11 to 13: explain new terms when they appear, use relatable examples, and keep paragraphs short.',
      },
      {
        id: 'teenagers',
        name: 'Teenagers (14-17)',
        emoji: '🎧',
        description: 'High-school students.',
        instruction:
          'Write for teenagers aged 14 to 17: be direct and respectful, avoid talking down, and connect the topic to their interests and future plans.',
      },
    ],
  },
  {
    id: 'professionals',
    name: 'Professionals',
    audiences: [
      {
        id: 'executives',
        name: 'Executives',
        emoji: '🏢',
        description: 'Senior decision makers with little time.',
        instruction:
          'Write for executives: lead with the conclusion and its business impact, keep it brief, and quantify costs, benefits and risks.',
      },
      {
        id: 'managers',
        name: 'Managers',
        emoji: '📋',
        description: 'Team leads who turn plans into action.',
        instruction:
          'Write for managers: focus on practical actions, responsibilities, timelines and how to measure progress.',
      },
      {
        id: 'entrepreneurs',
        name: 'Entrepreneurs',
        emoji: '🚀',
        description: 'Founders and small-business owners.',
        instruction:
          'Write for entrepreneurs: be practical and resource-conscious, prioritise quick wins, and mention costs and risks plainly.',
      },
      {
        id: 'sales-marketing',
        name: 'Sales & Marketing Teams',
        emoji: '📈',
        description: 'People who sell and promote.',
        instruction:
          'Write for sales and marketing teams: focus on customer benefits, messaging, objections and measurable results.',
      },
    ],
  },
  {
    id: 'technical',
    name: 'Technical',
    audiences: [
      {
        id: 'developers',
        name: 'Developers',
        emoji: '👩‍💻',
        description: 'Software engineers.',
        instruction:
          'Write for software developers: be precise, use correct technical terms, include code or commands where useful, and cover edge cases.',
      },
      {
        id: 'data-professionals',
        name: 'Data Professionals',
        emoji: '🧮',
        description: 'Analysts and data scientists.',
        instruction:
          'Write for data professionals: be quantitative, name methods and assumptions, and point out limitations of the data.',
      },
      {
        id: 'it-admins',
        name: 'IT Administrators',
        emoji: '🖥️',
        description: 'People who run systems and networks.',
        instruction:
          'Write for IT administrators: give step-by-step procedures, exact settings, prerequisites, and how to verify and roll back.',
      },
      {
        id: 'engineers',
        name: 'Engineers',
        emoji: '🔧',
        description: 'Engineers of any discipline.',
        instruction:
          'Write for engineers: be exact about units, tolerances and constraints, and justify design choices with reasoning or calculation.',
      },
    ],
  },
  {
    id: 'general',
    name: 'General Public',
    audiences: [
      {
        id: 'general-adults',
        name: 'General Adults',
        emoji: '🧑',
        description: 'Adults with no special background.',
        instruction:
          'Write for a general adult audience: plain language, no jargon without a short explanation, and everyday examples.',
      },
      {
        id: 'seniors',
        name: 'Seniors',
        emoji: '👵',
        description: 'Older adults.',
        instruction:
          'Write for older adults: clear and respectful, step by step, with no assumed familiarity with the latest technology or slang.',
      },
      {
        id: 'students',
        name: 'College Students',
        emoji: '🏫',
        description: 'Undergraduates learning a subject.',
        instruction:
          'Write for college students: explain the concepts clearly, connect them to coursework and careers, and suggest how to study or apply them.',
      },
      {
        id: 'beginners',
        name: 'Complete Beginners',
        emoji: '🌱',
        description: 'People new to the topic.',
        instruction:
          'Write for complete beginners: assume no prior knowledge, define every term, and build up from the basics with simple examples.',
      },
    ],
  },
  {
    id: 'specialized',
    name: 'Specialized',
    audiences: [
      {
        id: 'healthcare',
        name: 'Healthcare Professionals',
        emoji: '🩺',
        description: 'Doctors, nurses and clinicians.',
        instruction:
          'Write for healthcare professionals: use accurate clinical terminology, refer to evidence and guidelines, and note contraindications and uncertainty.',
      },
      {
        id: 'legal',
        name: 'Legal Professionals',
        emoji: '⚖️',
        description: 'Lawyers and paralegals.',
        instruction:
          'Write for legal professionals: be precise, distinguish facts from interpretation, and note jurisdiction and relevant precedent where it matters.',
      },
      {
        id: 'academics',
        name: 'Researchers & Academics',
        emoji: '🔭',
        description: 'Scholars and scientists.',
        instruction:
          'Write for researchers: be rigorous, cite the kind of evidence that supports each claim, and discuss methodology and limitations.',
      },
      {
        id: 'educators',
        name: 'Educators',
        emoji: '🧑‍🏫',
        description: 'Teachers and trainers.',
        instruction:
          'Write for educators: focus on learning objectives, classroom-ready activities and ways to assess understanding.',
      },
    ],
  },
];

export const ALL_AUDIENCES: Audience[] = AUDIENCE_GROUPS.flatMap((g) => g.audiences);

export function findAudience(id: string | null | undefined): Audience | undefined {
  if (!id) return undefined;
  return ALL_AUDIENCES.find((a) => a.id === id);
}
