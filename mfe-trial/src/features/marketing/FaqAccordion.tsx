import * as Accordion from '@radix-ui/react-accordion';
import { FAQ_ITEMS } from './faqContent';
import styles from './Faq.module.css';

/** The FAQ as an accordion (Radix): one answer open at a time, keyboard and screen-reader ready. */
export function FaqAccordion() {
  return (
    <Accordion.Root type="single" collapsible className={styles.root}>
      {FAQ_ITEMS.map((item) => (
        <Accordion.Item key={item.id} value={item.id} className={styles.item}>
          <Accordion.Header asChild>
            <h3 className={styles.itemHeader}>
              <Accordion.Trigger className={styles.trigger}>
                {item.question}
                <svg className={styles.chevron} aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
                  <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </Accordion.Trigger>
            </h3>
          </Accordion.Header>
          <Accordion.Content className={styles.content}>
            <div className={styles.answer}>{item.answer}</div>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
