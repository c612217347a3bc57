/** Posts to a streaming endpoint and collects its events (or its JSON answer when it did not stream). */
import { createStreamParser, type StreamEvent } from '@prompt-perfect/core/api/stream';

export interface Streamed {
  status: number;
  headers: Headers;
  events: StreamEvent[];
  /** How many network reads carried at least one delta: more than one means text arrived before the end. */
  readsWithText: number;
  json?: any;
}

export async function postStream(
  url: string,
  body: unknown,
  cookie?: string,
  signal?: AbortSignal,
  onEvent?: (e: StreamEvent) => void,
): Promise<Streamed> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
    signal,
  });
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    return { status: res.status, headers: res.headers, events: [], readsWithText: 0, json: await res.json() };
  }
  const parser = createStreamParser();
  const decoder = new TextDecoder();
  const events: StreamEvent[] = [];
  let readsWithText = 0;
  const reader = res.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const got = parser.push(decoder.decode(value, { stream: true }));
      if (got.some((e) => e.type === 'delta')) readsWithText += 1;
      for (const e of got) onEvent?.(e);
      events.push(...got);
    }
  } catch (err) {
    if ((err as Error).name !== 'AbortError') throw err;
  }
  events.push(...parser.end());
  return { status: res.status, headers: res.headers, events, readsWithText };
}

/** The text of the deltas. */
export const textOf = (events: StreamEvent[]) => events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
