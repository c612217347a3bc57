// DOM matchers (toBeVisible, toHaveTextContent...) for the component tests: `getBy...` already throws
// when nothing matches, so only matchers like these assert what a user would see.
import '@testing-library/jest-dom/vitest';
