import '@design-tokens';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';

// Standalone page for the progress team: no shell, no sign-in needed (stats live in the browser).
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
