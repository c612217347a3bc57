import { lazy, Suspense } from 'react';
import { FAQ_ITEMS } from './faqContent';
import styles from './Faq.module.css';

/** Every answer shown: the FAQ when the accordion's code could not be loaded. */
function OpenFaq() {
  return (
    <div className={styles.root}>
      {FAQ_ITEMS.map((item) => (
        <div key={item.id} className={styles.item}>
          <h3 className={`${styles.itemHeader} ${styles.staticQuestion}`}>{item.question}</h3>
          <div className={styles.answer}>{item.answer}</div>
        </div>
      ))}
    </div>
  );
}

/** The questions in the accordion's place and size while its code loads. */
function QuestionsWhileLoading() {
  return (
    <div className={styles.root} aria-busy="true">
      {FAQ_ITEMS.map((item) => (
        <div key={item.id} className={styles.item}>
          <h3 className={`${styles.itemHeader} ${styles.staticQuestion}`}>{item.question}</h3>
        </div>
      ))}
    </div>
  );
}

// The accordion sits below the prompt box: its code loads after the page is usable, not before.
const FaqAccordion = lazy(() =>
  import('./FaqAccordion').then(
    (module) => ({ default: module.FaqAccordion }),
    () => ({ default: OpenFaq }),
  ),
);

export function Faq() {
  return (
    <section className={styles.section} aria-labelledby="trial-faq-heading">
      <h2 id="trial-faq-heading" className={styles.heading}>
        Frequently asked questions
      </h2>
      <Suspense fallback={<QuestionsWhileLoading />}>
        <FaqAccordion />
      </Suspense>
    </section>
  );
}
