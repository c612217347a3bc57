import { useEffect, useRef } from 'react';
import { FAQ_ITEMS } from './faqContent';
import styles from './Faq.module.css';

/** Native disclosures sharing one name: one answer open at a time, and they open before any script runs. */
const GROUP = 'trial-faq';

const NEXT_QUESTION: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/** Once scripts run, the arrow keys, Home and End move between the questions, as in an accordion. */
function useMoveBetweenQuestions() {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = list.current;
    if (!root) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const move = NEXT_QUESTION[event.key];
      const questions = [...root.querySelectorAll('summary')];
      const index = questions.indexOf(event.target as HTMLElement);
      if (!move || index < 0) return;
      event.preventDefault();
      questions[move(index, questions.length)]?.focus();
    };
    root.addEventListener('keydown', onKeyDown);
    return () => root.removeEventListener('keydown', onKeyDown);
  }, []);
  return list;
}

export function Faq() {
  const list = useMoveBetweenQuestions();
  return (
    <section className={styles.section} aria-labelledby="trial-faq-heading">
      <h2 id="trial-faq-heading" className={styles.heading}>
        Frequently asked questions
      </h2>
      <div ref={list} className={styles.root}>
        {FAQ_ITEMS.map((item) => (
          <details key={item.id} name={GROUP} className={styles.item}>
            <summary className={styles.trigger}>
              <h3 className={styles.itemHeader}>{item.question}</h3>
              <svg className={styles.chevron} aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
                <path
                  d="M4 6l4 4 4-4"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </summary>
            <div className={styles.answer}>{item.answer}</div>
          </details>
        ))}
      </div>
    </section>
  );
}
