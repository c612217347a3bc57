/**
 * [prove] streams in the SSE framing of ./stream: event name = `type`, data = the rest as JSON.
 * The parser is incremental, like ./stream's: feed it text as it arrives.
 */
import type { EvaluationEvent, OptimizationEvent } from './prove';

type ProveEvent = EvaluationEvent | OptimizationEvent;

export function encodeProveEvent(event: ProveEvent): string {
  const { type, ...data } = event;
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function createProveEventParser<E extends ProveEvent>(): { push(chunk: string): E[] } {
  let buffer = '';
  return {
    push(chunk) {
      buffer += chunk;
      const blocks = buffer.split(/\r\n\r\n|\n\n/);
      buffer = blocks.pop() ?? '';
      const events: E[] = [];
      for (const block of blocks) {
        const type = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!type || data === undefined) continue;
        try {
          events.push({ ...(JSON.parse(data) as object), type } as E);
        } catch {
          // malformed data is skipped, as in ./stream
        }
      }
      return events;
    },
  };
}
