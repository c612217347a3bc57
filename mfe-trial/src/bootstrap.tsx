import '@design-tokens';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandalonePage } from './standalone/StandalonePage';

// Standalone page for the feature team: `npm run dev` here (port 3011, /api proxied to :3002).
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <StandalonePage />
  </StrictMode>,
);
