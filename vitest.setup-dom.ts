// DOM matchers (toBeVisible, toHaveTextContent...) for the component tests: `getBy...` already throws
// when nothing matches, so only matchers like these assert what a user would see.
import '@testing-library/jest-dom/vitest';

import { configure } from '@testing-library/react';

// findBy/waitFor give up after 1 s by default: too short for a lazily imported chunk (the prompt
// check's rules) on a busy 2-core CI machine. What a user would see still has to appear.
configure({ asyncUtilTimeout: 5_000 });
