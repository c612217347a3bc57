/**
 * The versions of a prompt: each Perfect starts a chain, each Continue Building adds a version to
 * it (HistoryEntry.chainId names the chain). Pure, so the workspace and its tests share it.
 */
import type { HistoryEntry } from '../api/account';

export interface Chain {
  chainId: number;
  /** Newest first. */
  versions: HistoryEntry[];
}

/** Groups entries (newest first, as the server lists them) into chains, the most recently changed first. */
export function groupChains(entries: HistoryEntry[]): Chain[] {
  const byId = new Map<number, Chain>();
  for (const entry of entries) {
    let chain = byId.get(entry.chainId);
    if (!chain) {
      chain = { chainId: entry.chainId, versions: [] };
      byId.set(entry.chainId, chain);
    }
    if (!chain.versions.some((v) => v.id === entry.id)) chain.versions.push(entry);
  }
  for (const chain of byId.values()) chain.versions.sort(newestFirst);
  return [...byId.values()].sort((a, b) => newestFirst(a.versions[0], b.versions[0]));
}

function newestFirst(a: HistoryEntry, b: HistoryEntry): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id;
}

/** 1 for the Perfect that started the chain, then one more per refinement. */
export function versionNumber(chain: Chain, entry: HistoryEntry): number {
  return chain.versions.length - chain.versions.findIndex((v) => v.id === entry.id);
}

/** The task the chain started from: the Perfect's input (a refinement's input is only its additions). */
export function chainTask(chain: Chain): string {
  const start = chain.versions.find((v) => v.kind === 'perfect') ?? chain.versions[chain.versions.length - 1];
  return start?.input ?? '';
}

/** The first `lines` non-empty lines of a text, for a list. */
export function firstLines(text: string, lines = 2, maxChars = 160): string {
  const head = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, lines)
    .join(' ');
  return head.length > maxChars ? `${head.slice(0, maxChars)}…` : head;
}
