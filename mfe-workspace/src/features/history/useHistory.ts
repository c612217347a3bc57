import { messageOf } from '@prompt-perfect/core/errors/messageOf';
import { useCallback, useEffect, useState } from 'react';
import { fetchHistory } from '@prompt-perfect/shared/account/accountApi';
import type { HistoryEntry } from '@prompt-perfect/core/api/account';
import { groupChains, type Chain } from '@prompt-perfect/core/history/historyChains';

const PAGE = 50;

export interface HistoryView {
  status: 'loading' | 'ready' | 'failed';
  error: string | null;
  /** The chain shown at the top: the current output's, or one the user opened. */
  chain: Chain | null;
  /** Earlier prompts, newest first (paged, filtered by `query`). */
  chains: Chain[];
  hasMore: boolean;
  query: string;
  setQuery: (q: string) => void;
  loadMore: () => void;
  openChain: (chainId: number) => void;
}

/** Loads the account's history for the open panel: the current chain in full, and pages of chains. */
export function useHistory(currentId: number | null): HistoryView {
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [status, setStatus] = useState<HistoryView['status']>('loading');
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [chainId, setChainId] = useState<number | null>(null);
  const [chain, setChain] = useState<Chain | null>(null);

  const loadPage = useCallback(async (q: string, after: string | null, signal?: AbortSignal) => {
    const page = await fetchHistory({ q: q.trim() || undefined, cursor: after ?? undefined, limit: PAGE }, signal);
    setEntries((prev) => (after ? [...prev, ...page.items] : page.items));
    setCursor(page.nextCursor);
    return page.items;
  }, []);

  // First page, and the chain of the current output.
  useEffect(() => {
    let live = true;
    const abort = new AbortController();
    setStatus('loading');
    setError(null);
    const timer = setTimeout(
      () => {
        loadPage(query, null, abort.signal)
          .then((items) => {
            if (!live) return;
            setStatus('ready');
            setChainId((id) => id ?? items.find((e) => e.id === currentId)?.chainId ?? items[0]?.chainId ?? null);
          })
          .catch((e: unknown) => {
            if (!live) return;
            setStatus('failed');
            setError(messageOf(e));
          });
      },
      query ? 250 : 0,
    );
    return () => {
      live = false;
      abort.abort();
      clearTimeout(timer);
    };
  }, [query, currentId, loadPage]);

  // The shown chain in full (its versions may span pages).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new current version (currentId) means the chain grew: fetch it again.
  useEffect(() => {
    if (chainId === null) return;
    let live = true;
    const abort = new AbortController();
    fetchHistory({ chain: chainId, limit: 100 }, abort.signal)
      .then((page) => live && setChain(groupChains(page.items)[0] ?? null))
      .catch((e: unknown) => live && setError(messageOf(e)));
    return () => {
      live = false;
      abort.abort();
    };
  }, [chainId, currentId]);

  return {
    status,
    error,
    chain,
    chains: groupChains(entries),
    hasMore: cursor !== null,
    query,
    setQuery,
    loadMore: () => {
      if (cursor) loadPage(query, cursor).catch((e: unknown) => setError(messageOf(e)));
    },
    openChain: setChainId,
  };
}
