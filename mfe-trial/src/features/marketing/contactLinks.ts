/** Where visitors reach the team. One place to change when the addresses change. */
export const CONTACT = {
  email: 'hello@promptperfect.dev',
  social: { label: 'Prompt Perfect on X', href: 'https://x.com/promptperfectdev' },
  community: { label: 'Join the community', href: 'https://github.com/prompt-perfect/community/discussions' },
} as const;
