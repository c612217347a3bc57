import { describe, expect, it } from 'vitest';
import { createEventParser, createStreamParser, encodeStreamEvent, type StreamEvent } from '../../src/api/stream';

const EVENTS: StreamEvent[] = [
  { type: 'delta', text: 'Hello' },
  { type: 'delta', text: ' wörld\n\nwith "quotes" and data: lines' },
  { type: 'error', error: 'OpenAI API error: overloaded' },
  { type: 'done', remaining: 7 },
];

describe('stream events', () => {
  it('round-trip through the wire format whatever the chunk boundaries, down to one character', () => {
    const wire = EVENTS.map(encodeStreamEvent).join('');
    for (const size of [1, 2, 3, 7, 64, wire.length]) {
      const parser = createStreamParser();
      const got: StreamEvent[] = [];
      for (let i = 0; i < wire.length; i += size) got.push(...parser.push(wire.slice(i, i + size)));
      got.push(...parser.end());
      expect(got, `chunks of ${size}`).toEqual(EVENTS);
    }
  });

  it('skips comments, unknown events and malformed data; accepts CRLF and a last event without a blank line', () => {
    const parser = createStreamParser();
    const got = [
      ...parser.push(': keep-alive\n\nevent: ping\ndata: {}\n\nevent: delta\ndata: not json\n\n'),
      ...parser.push('event: delta\r\ndata: {"text":"ok"}\r\n\r\nevent: delta\ndata: {"text": 5}\n\n'),
      ...parser.push('event: done\ndata: {}'),
      ...parser.end(),
    ];
    expect(got).toEqual([{ type: 'delta', text: 'ok' }, { type: 'done' }]);
  });
});

describe('other event families', () => {
  it("parse with the same framing, keeping only the family's events", () => {
    type Family = { type: 'case'; done: number } | { type: 'done'; ok: boolean } | { type: 'error'; error: string };
    const parser = createEventParser<Family>(
      (type, payload) =>
        (type === 'case' && typeof payload.done === 'number') ||
        type === 'done' ||
        (type === 'error' && typeof payload.error === 'string'),
    );
    const wire =
      'event: case\ndata: {"done":1}\n\nevent: delta\ndata: {"text":"no"}\n\nevent: case\ndata: [1]\n\nevent: error\ndata: {"error":"Judge failed."}\n\nevent: done\ndata: {"ok":true}\n\n';
    const got: Family[] = [];
    for (const ch of wire) got.push(...parser.push(ch));
    got.push(...parser.end());
    expect(got).toEqual([
      { type: 'case', done: 1 },
      { type: 'error', error: 'Judge failed.' },
      { type: 'done', ok: true },
    ]);
  });
});
