import '@design-tokens';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startAccountSync } from '@prompt-perfect/shared/account/accountSync';
import { StandalonePage } from './standalone/StandalonePage';

startAccountSync();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <StandalonePage />
  </StrictMode>,
);
