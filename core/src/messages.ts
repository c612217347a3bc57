/**
 * Every user-visible message of spec sections 5 and 8, word for word. UI, stores and the proxy
 * import these instead of retyping the text.
 */
export const MSG = {
  /** Signed-in Perfect with empty trimmed input. */
  enterPrompt: 'Please enter a prompt to optimize.',
  /** Visitor Perfect with empty or whitespace input (no period: the visitor variant). */
  visitorEnterPrompt: 'Please enter a prompt to optimize',
  selectTechnique: 'Please select an optimization technique.',
  optimizeFirst: 'Please optimize a prompt first.',
  enterTestInput: 'Please enter a test input.',
  unsupportedProvider: 'Unsupported AI provider',
  /** Continue Building with empty additional text (the spec names no wording; ours). */
  enterAdditions: 'Please describe what to add or change.',

  /** The spec's hint named a `node server.js` this repository does not have ([quality] #11). */
  claudeProxyNotRunning:
    'Claude proxy server is not running. Please start it with: npm start (its settings are in the README, under Configuration)',
  claudeServiceUnavailable: 'Claude service is temporarily unavailable. Please try again later.',
  invalidOpenAIResponse: 'Invalid response from OpenAI API',
  openAIKeyNotConfigured: 'OpenAI API key not configured',
  unknownError: 'Unknown error',

  /** Trial optimizer mapping (spec section 8). */
  trialApiConfig: 'API configuration error. Please contact support.',
  trialUnavailable: 'Service temporarily unavailable. Please try again later.',
  trialRateLimited: 'Too many requests. Please wait a moment and try again.',
  trialGeneric: 'Sorry, there was an error optimizing your prompt. Please try again later or contact support.',

  /** Provider SDK kinds. */
  requestAborted: 'Request was aborted.',
  connectionError: 'Connection error.',
  requestTimedOut: 'Request timed out.',

  /** Busy labels. */
  perfecting: 'Perfecting...',
  enhancing: 'Enhancing...',
  loadingAuthentication: 'Loading authentication...',
  favorited: 'Favorited',
  trialComplete: 'Trial Complete!',
  getStartedToday: 'Get Started Today',
} as const;

/** '{provider} API is not configured. Please contact the administrator.' */
/** After a refused run (429) whose server said when: appended to the message. */
export const tryAgainIn = (seconds: number) => `Try again in ${seconds} s.`;

/** A run stopped because its account's data was deleted meanwhile. */
export const ACCOUNT_DELETED_DURING_RUN =
  'Your data was deleted while this request was running, so nothing of it was saved.';

/** A streamed answer that ended without the provider saying it was finished (connection cut, empty body). */
export const answerCutShort = (provider: string) =>
  `The answer from ${provider} ended before it was complete. Please try again.`;

/** A model answer that finished with no text at all: nothing to show, record or count. */
export const answerEmpty = (provider: string) => `The answer from ${provider} was empty. Please try again.`;

/** A model answer longer than MAX_ANSWER_CHARS. */
export const answerTooLong = (provider: string, maxChars: number) =>
  `The answer from ${provider} was longer than this server accepts (${maxChars.toLocaleString('en-US')} characters), so it was cut off. Ask for a shorter answer.`;

/** A streamed answer that sent nothing for PROVIDER_IDLE_TIMEOUT_MS. */
export const answerStalled = (provider: string, idleMs: number) =>
  `${provider} sent nothing for ${idleMs < 1000 ? `${idleMs} ms` : `${Math.round(idleMs / 1000)} s`}, so the request was stopped. Please try again.`;

/** USER_MAX_CONCURRENT_RUNS reached (429). */
export const tooManyRuns = (max: number) =>
  `You already have ${max} model runs in progress, the most one account may run at once. Wait for one to finish or stop one, then try again.`;

/** Cents; under a cent, two significant digits ($0.001, $0.00015), so a small figure never reads "$0.00". */
export const dollars = (usd: number): string => {
  if (usd <= 0 || usd >= 0.01) return `$${usd.toFixed(2)}`;
  const digits = Math.min(12, 1 - Math.floor(Math.log10(usd)));
  return `$${usd.toFixed(digits).replace(/0+$/, '')}`;
};

/** USER_DAILY_BUDGET_USD spent (429), before or during a run. */
export const dailyBudgetSpent = (budgetUsd: number) =>
  `You have used today's model budget of ${dollars(budgetUsd)} on this server. It renews at midnight UTC.`;

/** ORG_DAILY_BUDGET_USD spent (429): an organization's runs, whoever makes them. */
export const orgDailyBudgetSpent = (orgName: string, budgetUsd: number) =>
  `${orgName} has used today's organization model budget of ${dollars(budgetUsd)} on this server. It renews at midnight UTC.`;

/** An evaluation whose upper-bound estimate is more than what is left of today's budget (429). */
export const evaluationOverBudget = (estimateUsd: number, leftUsd: number) =>
  `This evaluation could cost up to ${dollars(estimateUsd)}, more than the ${dollars(leftUsd)} left of today's model budget. Use fewer cases or cheaper models, or try again tomorrow.`;

/** An evaluation that reached its own maxCostUsd. */
export const evaluationCostLimitReached = (maxCostUsd: number) =>
  `This evaluation reached its cost limit of ${dollars(maxCostUsd)} and was stopped. Raise the limit to evaluate every case.`;

/** A [prove] run whose personal API token was revoked while it ran. */
export const TOKEN_REVOKED_DURING_RUN = 'The API token this run used was revoked, so the run was stopped.';

/** A [teams] run in an organization's space whose person was removed from it (or left) while it ran. */
export const REMOVED_FROM_ORG_DURING_RUN = 'You are no longer a member of this organization, so the run was stopped.';

/** A visitor's run that failed before any text: it counted nothing. */
export const FREE_RUN_NOT_USED = 'This run did not use one of your free runs.';

export function providerNotConfigured(providerLabel: string): string {
  return `${providerLabel} API is not configured. Please contact the administrator.`;
}

/** Output text of any failed optimization, and of a failed test run. */
export function errorText(message: string): string {
  return `Error: ${message}`;
}

/** Output text of a failed Continue Building. */
export function refinementErrorText(message: string): string {
  return `Error during refinement: ${message}`;
}

/** Proxy failure without an error field in the response. */
export function proxyErrorText(status: number | string): string {
  return `Proxy Error: ${status}`;
}

/** Proxy connection failure: the local hint on localhost, the generic one elsewhere. */
export function proxyConnectionMessage(isLocalhost: boolean): string {
  return isLocalhost ? MSG.claudeProxyNotRunning : MSG.claudeServiceUnavailable;
}

export function claudeServiceErrorText(message: string): string {
  return `Claude Service Error: ${message}`;
}

export function aiServiceErrorText(message: string): string {
  return `AI Service Error: ${message}`;
}

/** Wrapper 'OpenAI API Error: {message}' (capital E). */
export function openAIApiErrorText(message: string): string {
  return `OpenAI API Error: ${message}`;
}

/** Non-OK provider response: 'OpenAI API error: {message or Unknown error}' (lower-case e). */
export function openAIResponseErrorText(message?: string | null): string {
  return `OpenAI API error: ${message || MSG.unknownError}`;
}
