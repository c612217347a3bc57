import { useState } from 'react';
import { VISITOR_FORM_TOKEN_META, VISITOR_FORM_TOKEN_PLACEHOLDER } from '@prompt-perfect/core/contracts/visitorForm';

/**
 * The visitor's token for the script-less form post. The prerender (no document) writes the
 * placeholder that the server replaces; the browser reads the token the server wrote into the page,
 * so the hydrating render carries exactly what the served HTML holds.
 */
export function useFormToken(): string {
  const [token] = useState(() =>
    typeof document === 'undefined'
      ? VISITOR_FORM_TOKEN_PLACEHOLDER
      : (document.querySelector<HTMLMetaElement>(`meta[name="${VISITOR_FORM_TOKEN_META}"]`)?.content ?? ''),
  );
  return token;
}
