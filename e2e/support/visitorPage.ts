/** What the visitor page's specs watch: errors on the page, hydration, and scripts held back. */
import type { Page } from '@playwright/test';

/** Every console error and warning and every uncaught error of the page (a hydration mismatch is one). */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** True once React has hydrated (or rendered) the prompt box: React keeps its fiber on the element. */
export const reactOwnsPromptBox = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('[data-remote="trial"] textarea');
    return box ? Object.keys(box).some((key) => key.startsWith('__reactFiber')) : false;
  });

/** Holds every script back until the returned function is called: the page is the served HTML alone. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
