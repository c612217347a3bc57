/**
 * The page the script-less visitor form gets back: the perfected prompt (or why there is none),
 * the trials left, and the form again to run another. Plain HTML and one style element, no script.
 */
import { TRIAL_LIMIT } from '@prompt-perfect/core/trial';
import {
  VISITOR_FORM_ACTION,
  VISITOR_FORM_PROMPT_FIELD,
  VISITOR_FORM_TOKEN_FIELD,
} from '@prompt-perfect/core/contracts/visitorForm';

export type FormOutcome = { kind: 'result'; text: string; offline: boolean } | { kind: 'refused'; message: string };

export interface ResultPageInput {
  outcome: FormOutcome;
  prompt: string;
  /** Runs left, when known. */
  remaining: number | undefined;
  formToken: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2430;background:#f7f7fb}
header,main{max-width:48rem;margin:0 auto;padding:1rem 1.25rem}
header a{font-weight:700;color:inherit;text-decoration:none}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
.result{white-space:pre-wrap;background:#fff;border:1px solid #d5d7e0;border-radius:8px;padding:1rem}
.refused{background:#fff4f4;border:1px solid #e0a8a8;border-radius:8px;padding:1rem}
label{display:block;font-weight:600;margin:1.5rem 0 .25rem}
textarea{width:100%;box-sizing:border-box;font:inherit;padding:.5rem;border:1px solid #8a8fa3;border-radius:6px}
button{margin-top:.75rem;font:inherit;font-weight:600;padding:.5rem 1.25rem;border:0;border-radius:6px;background:#4338ca;color:#fff}
@media (prefers-color-scheme:dark){body{background:#14161c;color:#e8e9ef}.result{background:#1d2029;border-color:#3a3f4f}.refused{background:#2a1c1f;border-color:#6b3c44}textarea{background:#1d2029;color:inherit}header a{color:inherit}}
`;

export function resultPage({ outcome, prompt, remaining, formToken }: ResultPageInput): string {
  const heading = outcome.kind === 'result' ? 'Your perfected prompt' : 'Your prompt was not perfected';
  const body =
    outcome.kind === 'result'
      ? `<div class="result" data-testid="trial-output">${escapeHtml(outcome.text)}</div>${
          outcome.offline
            ? '<p>This server has no AI provider configured, so this run used the built-in offline optimizer: built from rules rather than an AI model, and free: it used none of your free trials.</p>'
            : ''
        }`
      : `<p class="refused" role="alert">${escapeHtml(outcome.message)}</p>`;
  const left =
    remaining === undefined ? '' : `<p data-testid="trials-left">${remaining} of ${TRIAL_LIMIT} free trials left</p>`;
  const again =
    remaining === 0
      ? '<p><a href="/sign-in">Sign in</a> to keep perfecting your prompts.</p>'
      : `<form method="post" action="${VISITOR_FORM_ACTION}">
<input type="hidden" name="${VISITOR_FORM_TOKEN_FIELD}" value="${escapeHtml(formToken)}">
<label for="prompt">Your prompt</label>
<textarea id="prompt" name="${VISITOR_FORM_PROMPT_FIELD}" rows="6">${escapeHtml(prompt)}</textarea>
<button type="submit">Perfect</button>
</form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="color-scheme" content="light dark">
<title>${heading} - Prompt Perfect</title><link href="/favicon.svg" rel="icon"><style>${STYLE}</style></head>
<body><header><a href="/">Prompt Perfect</a></header>
<main id="main"><h1>${heading}</h1>${body}${left}${again}<p><a href="/">Back to Prompt Perfect</a></p></main></body></html>`;
}
