/** What a fake provider should do with the next request (queued, consumed in order). */
export type FakeBehaviour =
  | { kind: 'text'; text: string }
  | { kind: 'status'; status: number; message?: string; headers?: Record<string, string> }
  | { kind: 'slow'; delayMs: number; text?: string }
  | { kind: 'malformed' }
  | { kind: 'no-choices' }
  | { kind: 'drop' }
  /**
   * A streamed answer (for requests with stream: true), one SSE event per piece, `delayMs` apart.
   * `failAfter` sends the API's error event after that many pieces; `dropAfter` cuts the connection;
   * `noFinish` ends the body cleanly after the pieces without the finish event (a cut-short answer).
   */
  | {
      kind: 'stream';
      pieces: string[];
      delayMs?: number;
      failAfter?: number;
      failMessage?: string;
      dropAfter?: number;
      noFinish?: boolean;
    }
  /** A body that is not the API's JSON: an HTML error page from a gateway, a stack trace. */
  | { kind: 'raw'; status: number; body: string; contentType?: string };

export interface RecordedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

export interface FakeUpstream {
  /** What to put in OPENAI_BASE_URL / ANTHROPIC_BASE_URL. */
  baseURL: string;
  requests: RecordedRequest[];
  /** GET /v1/models requests so far (not in `requests`). */
  readonly modelListings: number;
  /** Requests whose connection the caller closed before the answer was sent. */
  readonly abortedByCaller: number;
  respondWith(...behaviours: FakeBehaviour[]): void;
  /** Whether calls that are not judge, draft or proposal calls get the simulated [prove] model's answers. */
  simulateAnswers(on: boolean): void;
  /** What GET /v1/models lists from now on (ids; Anthropic entries get a display name), or 'fail' for a 500. */
  setModels(models: string[] | 'fail'): void;
  reset(): void;
  close(): Promise<void>;
}
