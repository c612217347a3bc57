/**
 * The prompts a column can run: the original (what the user wrote), the optimized one, and the
 * other versions of the current prompt in History.
 */
import { useEffect, useMemo, useState } from 'react';
import type { HistoryEntry } from '@prompt-perfect/core/api/account';
import { groupChains, versionNumber } from '@prompt-perfect/core/history/historyChains';
import { fetchHistory } from '@prompt-perfect/shared/account/accountApi';
import { useWorkspaceStore } from '../../state/workspaceStore';
import type { PromptVersion } from './types';

export const ORIGINAL_LABEL = 'Original prompt';
export const OPTIMIZED_LABEL = 'Optimized prompt';

/** Original and optimized, as the workspace holds them now (either may be missing). */
export function workspaceVersions(s: {
  input: string;
  outputSource: string;
  output: { text: string; error: boolean; streaming?: boolean } | null;
}): PromptVersion[] {
  const versions: PromptVersion[] = [];
  const original = (s.outputSource || s.input).trim();
  if (original) versions.push({ label: ORIGINAL_LABEL, text: original });
  if (s.output && !s.output.error && !s.output.streaming && s.output.text.trim())
    versions.push({ label: OPTIMIZED_LABEL, text: s.output.text.trim() });
  return versions;
}

/** The versions of the chain the current output belongs to, oldest first, as "Version n". */
async function chainVersions(historyId: number): Promise<PromptVersion[]> {
  const recent = await fetchHistory({ limit: 50 });
  const entry = recent.items.find((e) => e.id === historyId);
  if (!entry) return [];
  const chain = groupChains((await fetchHistory({ chain: entry.chainId, limit: 100 })).items)[0];
  if (!chain) return [];
  const label = (v: HistoryEntry) => `Version ${versionNumber(chain, v)}${v.stopped ? ' (stopped)' : ''}`;
  return [...chain.versions].reverse().map((v) => ({ label: label(v), text: v.output.trim() }));
}

/** Every prompt a column can pick, without repeats of the same text. */
export function usePromptVersions(): PromptVersion[] {
  const input = useWorkspaceStore((s) => s.input);
  const outputSource = useWorkspaceStore((s) => s.outputSource);
  const output = useWorkspaceStore((s) => s.output);
  const historyId = useWorkspaceStore((s) => s.outputHistoryId);
  const [history, setHistory] = useState<PromptVersion[]>([]);
  useEffect(() => {
    if (historyId === null) return setHistory([]);
    let live = true;
    chainVersions(historyId)
      .then((versions) => live && setHistory(versions))
      // History is an extra here: without it, the original and optimized prompts remain.
      .catch(() => live && setHistory([]));
    return () => {
      live = false;
    };
  }, [historyId]);
  return useMemo(() => {
    const all = [...workspaceVersions({ input, outputSource, output }), ...history];
    return all.filter((v, i) => v.text && all.findIndex((w) => w.text === v.text) === i);
  }, [input, outputSource, output, history]);
}
