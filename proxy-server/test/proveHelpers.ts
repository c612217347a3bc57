/** [prove] test helpers: the simulated task's set, and reading a [prove] event stream. */
import { createEventParser } from '@prompt-perfect/core/api/stream';
import type { EvaluationEvent, OptimizationEvent } from '@prompt-perfect/core/api/prove';
import {
  SIMULATED_ROUGH_PROMPT,
  SIMULATED_RUBRIC,
  simulatedCases,
} from '@prompt-perfect/test-support/prove/simulatedTask';

export const simulatedSet = (count = 12, name = 'Hiking help desk') => ({
  name,
  prompt: SIMULATED_ROUGH_PROMPT,
  rubric: SIMULATED_RUBRIC,
  cases: simulatedCases(count),
});

export const MODEL = { provider: 'openai', model: 'gpt-4o-mini' } as const;
export const JUDGE = { provider: 'openai', model: 'gpt-4o' } as const;

/** POSTs and reads the event stream to its end, or until `stopWhen` says to abort the request (Stop). */
export async function postStream<E extends EvaluationEvent | OptimizationEvent>(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  stopWhen?: (event: E) => boolean,
): Promise<{ status: number; events: E[]; contentType: string | null }> {
  const controller = new AbortController();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  const events: E[] = [];
  // Every event the server sends is kept: the tests assert on the whole family.
  const parser = createEventParser<E>(() => true);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const event of parser.push(decoder.decode(value, { stream: true }))) {
        events.push(event);
        if (stopWhen?.(event)) {
          controller.abort();
          return { status: res.status, events, contentType: res.headers.get('content-type') };
        }
      }
    }
  } catch (err) {
    if (!controller.signal.aborted) throw err;
  }
  return { status: res.status, events, contentType: res.headers.get('content-type') };
}
