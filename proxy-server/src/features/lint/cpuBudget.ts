/**
 * A CPU-time guard for work that runs on the event loop and cannot be interrupted (the prompt
 * check): each caller may spend `budgetMs` of it per `windowMs`; past that, 429 until the window
 * ends. Per instance, as the CPU it protects is.
 */
import { TooManyRequests } from '../../http/httpError';

interface Spent {
  ms: number;
  windowEnds: number;
}

/** Callers remembered at most; past it, ended windows are swept. */
const CALLERS_MAX = 10_000;

const cpuBudgetSpent = (seconds: number) =>
  `The Prompt check has done as much work for you as it does in a minute: try again in ${seconds} s, or sign in to check longer prompts.`;

export function createCpuBudget(
  budgetMs: number,
  windowMs: number,
  now: () => number = performance.now.bind(performance),
) {
  const spent = new Map<string, Spent>();
  const sweep = (t: number) => {
    for (const [key, s] of spent) if (s.windowEnds <= t) spent.delete(key);
  };
  return {
    /** Runs `work` for `caller`, counting its time; 429 with Retry-After when the caller's budget is spent. */
    run<T>(caller: string, work: () => T): T {
      const start = now();
      let entry = spent.get(caller);
      if (!entry || entry.windowEnds <= start) {
        if (spent.size >= CALLERS_MAX) sweep(start);
        entry = { ms: 0, windowEnds: start + windowMs };
        spent.set(caller, entry);
      }
      if (entry.ms >= budgetMs) {
        const seconds = Math.max(1, Math.ceil((entry.windowEnds - start) / 1000));
        throw new TooManyRequests(cpuBudgetSpent(seconds), {
          code: 'cpu_budget_spent',
          headers: { 'Retry-After': String(seconds) },
        });
      }
      try {
        return work();
      } finally {
        entry.ms += now() - start;
      }
    },
  };
}
