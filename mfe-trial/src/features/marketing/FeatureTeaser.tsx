import { PROVIDERS } from '@prompt-perfect/core/catalog/providers';
import { TECHNIQUE_IDS, TECHNIQUES } from '@prompt-perfect/core/catalog/techniques';
import styles from './marketing.module.css';

const techniqueCount = TECHNIQUE_IDS.length;
const techniqueNames = TECHNIQUE_IDS.map((id) => TECHNIQUES[id].name).join(', ');
const modelCount = PROVIDERS.openai.models.length + PROVIDERS.anthropic.models.length;

const FEATURES = [
  { icon: '◎', title: `${techniqueCount} techniques`, text: `${techniqueNames}.` },
  { icon: '⇄', title: `${modelCount} models`, text: 'Pick OpenAI or Anthropic Claude models for each run.' },
  { icon: '✎', title: 'Tone, language, persona', text: 'Shape the prompt for the voice and the reader you need.' },
  { icon: '▤', title: 'Templates and favorites', text: 'Start from ready-made templates; keep the prompts that work.' },
  { icon: '▶', title: 'Test runner', text: 'Try a perfected prompt on a sample input before you use it.' },
  { icon: '★', title: 'Progress and badges', text: 'Earn XP, levels and streaks as you write better prompts.' },
];

/** What the signed-in workspace adds, in one glance. */
export function FeatureTeaser() {
  return (
    <section className={styles.section} aria-labelledby="trial-teaser-heading">
      <h2 id="trial-teaser-heading" className={styles.sectionHeading}>
        More in the full workspace
      </h2>
      <ul className={styles.featureGrid}>
        {FEATURES.map((feature) => (
          <li key={feature.title} className={styles.feature}>
            <span className={styles.featureIcon} aria-hidden="true">
              {feature.icon}
            </span>
            <h3 className={styles.featureTitle}>{feature.title}</h3>
            <p className={styles.featureText}>{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
