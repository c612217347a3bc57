import ui from '../../ui/ui.module.css';
import styles from './SidePanel.module.css';

const ITEMS: Array<[string, string]> = [
  [
    'Perfect',
    'Type a rough task in "Your prompt" and press Perfect (or Ctrl/Cmd+Enter). The result appears below, formatted.',
  ],
  [
    'Technique',
    'Zero-Shot, Few-Shot, Chain of Thought or Role Prompting decide how the prompt is structured. Hover or focus one to read its description.',
  ],
  [
    'Provider and model',
    'Choose OpenAI or Anthropic/Claude and one of its models. Changing the provider selects its first model.',
  ],
  ['Examples', 'Good examples show the style you want; bad examples show what to avoid.'],
  [
    'Persona and audience',
    'Give the model an expert role and write for a specific audience. Use Clear to remove a choice.',
  ],
  ['Language and tone', 'Pick the output language and tone. Custom lets you describe your own tone.'],
  ['Templates', 'Start from a fill-in-the-blanks template; replace the [placeholders]. The X on its chip removes it.'],
  [
    'Clear',
    'Resets the prompt, results, test, template, examples, tone, language, persona, audience and Continue Building text.',
  ],
  ['Copy, Favorite, Continue Building', 'Copy the result, save it to Favorites, or refine it with extra requirements.'],
  [
    'Test Prompt',
    'Runs the optimized prompt on a sample input with the server’s test model (OpenAI GPT-4o unless configured) and shows a short answer.',
  ],
  ['Favorites', 'Use restores a saved prompt with its technique, language and tone; Remove deletes it.'],
  [
    'Settings',
    'Turn AI optimization off to build prompts locally with no network call, and choose your default technique and provider.',
  ],
];

/** How to use each feature; "View progress" opens the shell's Your Progress modal when offered. */
export function HelpTab({ onOpenProgress }: { onOpenProgress?: () => void }) {
  return (
    <dl className={styles.help}>
      {ITEMS.map(([term, text]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{text}</dd>
        </div>
      ))}
      <div>
        <dt>Progress</dt>
        <dd>
          Each perfected prompt earns XP by its score, keeps your daily streak going and can unlock badges. Your level,
          XP and streak are in the header.
          {onOpenProgress && (
            <>
              {' '}
              <button
                type="button"
                className={`${ui.button} ${ui.small} ${styles.helpAction}`}
                onClick={onOpenProgress}
              >
                View progress
              </button>
            </>
          )}
        </dd>
      </div>
    </dl>
  );
}
