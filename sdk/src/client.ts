/**
 * The Prompt Perfect client: getPrompt(name, { label }) with an in-memory cache. Within `ttlMs` a
 * prompt comes from memory; past it the cached copy is served at once while one background request
 * (If-None-Match) refreshes it. When the server cannot answer (network, timeout, 5xx), a cached copy
 * of any age is served, else the fallback text; 401/403/404 are mistakes to fix and always throw.
 */
import { compile, variablesOf } from './compile.js';
import type { FetchedPrompt, PromptSource } from './types.js';

export interface ClientOptions {
  /** Where Prompt Perfect runs, e.g. https://prompts.example.com */
  baseUrl: string;
  /** A personal API token (Settings) with the `read` scope. */
  token: string;
  /** How long a fetched prompt is used without asking again. Default 60 s. */
  ttlMs?: number;
  /** Per request. Default 5 s. */
  timeoutMs?: number;
  /** Called when a background refresh fails (the stale copy stays in use). */
  onError?: (error: Error) => void;
  fetch?: typeof fetch;
  now?: () => number;
}

export type PromptSelector = { label?: string; version?: number };

export interface GetPromptOptions extends PromptSelector {
  /** Used when the server cannot answer and nothing is cached. */
  fallback?: string;
}

export interface Prompt extends FetchedPrompt {
  source: PromptSource;
  /** The text with every `{{variable}}` filled in; throws MissingVariableError naming any without a value. */
  compile(values: Record<string, string | number | boolean>): string;
}

export class PromptFetchError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** The server's stable error code (its Error-Code header: `not_found`, `token_invalid`, ...), when it sent one. */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'PromptFetchError';
  }
}

interface Entry {
  prompt: FetchedPrompt;
  etag: string | null;
  fetchedAt: number;
  refreshing?: Promise<void>;
}

const withSource = (prompt: FetchedPrompt, source: PromptSource): Prompt => ({
  ...prompt,
  source,
  compile: (values) => compile(prompt.text, values),
});

/** A server error worth riding out with a cached copy or the fallback (rather than a caller mistake). */
const unavailable = (err: unknown) => !(err instanceof PromptFetchError) || err.status === null || err.status >= 500;

export function createPromptClient(options: ClientOptions) {
  const ttlMs = options.ttlMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const now = options.now ?? Date.now;
  const base = options.baseUrl.replace(/\/+$/, '');
  const cache = new Map<string, Entry>();

  const keyOf = (name: string, sel: PromptSelector) =>
    `${name}\n${sel.version !== undefined ? `v${sel.version}` : `l${sel.label ?? ''}`}`;

  function urlOf(name: string, sel: PromptSelector): string {
    const query =
      sel.version !== undefined
        ? `?version=${sel.version}`
        : sel.label
          ? `?label=${encodeURIComponent(sel.label)}`
          : '';
    return `${base}/api/prompts/${encodeURIComponent(name)}${query}`;
  }

  /** Asks the server; resolves to the entry to keep (the old one refreshed on a 304). */
  async function load(name: string, sel: PromptSelector, cached: Entry | undefined): Promise<Entry> {
    const headers: Record<string, string> = { authorization: `Bearer ${options.token}`, accept: 'application/json' };
    if (cached?.etag) headers['if-none-match'] = cached.etag;
    let res: Response;
    try {
      res = await doFetch(urlOf(name, sel), { headers, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new PromptFetchError(`Prompt Perfect did not answer for '${name}': ${(err as Error).message}`, null);
    }
    if (res.status === 304 && cached) return { prompt: cached.prompt, etag: cached.etag, fetchedAt: now() };
    if (!res.ok) {
      const body = (await res.json().catch(() => undefined)) as { error?: string } | undefined;
      throw new PromptFetchError(
        body?.error ?? `Prompt Perfect answered ${res.status} for '${name}'.`,
        res.status,
        res.headers.get('error-code'),
      );
    }
    return { prompt: (await res.json()) as FetchedPrompt, etag: res.headers.get('etag'), fetchedAt: now() };
  }

  function refreshInBackground(key: string, name: string, sel: PromptSelector, entry: Entry): void {
    entry.refreshing ??= load(name, sel, entry)
      .then((fresh) => {
        cache.set(key, fresh);
      })
      .catch((err: Error) => options.onError?.(err))
      .finally(() => {
        entry.refreshing = undefined;
      });
  }

  return {
    async getPrompt(name: string, opts: GetPromptOptions = {}): Promise<Prompt> {
      const sel = { label: opts.label, version: opts.version };
      const key = keyOf(name, sel);
      const cached = cache.get(key);
      if (cached && now() - cached.fetchedAt < ttlMs) return withSource(cached.prompt, 'cache');
      if (cached) {
        refreshInBackground(key, name, sel, cached);
        return withSource(cached.prompt, 'stale');
      }
      try {
        const entry = await load(name, sel, undefined);
        cache.set(key, entry);
        return withSource(entry.prompt, 'server');
      } catch (err) {
        if (opts.fallback === undefined || !unavailable(err)) throw err;
        const text = opts.fallback;
        const config = { technique: null, provider: null, model: null, options: {} };
        const fallback = {
          name,
          version: 0,
          label: sel.label ?? null,
          text,
          variables: variablesOf(text),
          config,
          message: '',
          createdAt: new Date(0).toISOString(),
        };
        return withSource(fallback, 'fallback');
      }
    },
    /** Waits for background refreshes in flight (tests, graceful shutdown). */
    async settle(): Promise<void> {
      await Promise.all([...cache.values()].map((e) => e.refreshing));
    },
    /** Forgets one prompt (all its labels and versions) or everything. */
    invalidate(name?: string): void {
      for (const key of [...cache.keys()]) if (name === undefined || key.startsWith(`${name}\n`)) cache.delete(key);
    },
  };
}

export type PromptClient = ReturnType<typeof createPromptClient>;
