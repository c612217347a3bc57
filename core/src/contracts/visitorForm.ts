/**
 * The visitor page's prompt form works before any script runs: it is a plain HTML form that posts
 * here, and proxy-server answers with the result as a page. With scripts, the trial remote sends
 * the same prompt through the streaming API instead.
 */
export const VISITOR_FORM_ACTION = '/trial/perfect';
export const VISITOR_FORM_PROMPT_FIELD = 'prompt';
/** A per-visitor token against cross-site form posts (proxy-server/src/features/trial/visitorForm/formToken.ts). */
export const VISITOR_FORM_TOKEN_FIELD = 'formToken';
/**
 * What the build-time prerender writes where the token goes; the server puts the visitor's own
 * token in its place in every page it serves, and in a meta element for the hydrating script.
 */
export const VISITOR_FORM_TOKEN_PLACEHOLDER = '__VISITOR_FORM_TOKEN__';
export const VISITOR_FORM_TOKEN_META = 'visitor-form-token';
