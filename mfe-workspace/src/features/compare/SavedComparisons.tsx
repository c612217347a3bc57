import { useState } from 'react';
import { modelDisplayName } from '@prompt-perfect/core/catalog/modelNames';
import { firstLines } from '@prompt-perfect/core/history/historyChains';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import ui from '../../ui/ui.module.css';
import versions from '../../ui/versions.module.css';
import { openComparison } from './compareStore';
import { loadComparisons } from './savedComparisons';
import type { Comparison } from './types';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** History's comparisons: each one's date, prompts and models, and Open to show it in the grid again. */
export function SavedComparisons({ onOpened }: { onOpened: () => void }) {
  const userId = useAuthStore((s) => s.user?.id);
  const [list] = useState<Comparison[]>(() => (userId ? loadComparisons(userId) : []));
  const open = (comparison: Comparison) => {
    openComparison(comparison);
    onOpened();
    // After the sheet has closed and given focus back: the grid, where the comparison now is.
    setTimeout(() => {
      const grid = document.getElementById('ws-compare');
      grid?.scrollIntoView({ block: 'start' });
      document.getElementById('ws-compare-title')?.focus();
    }, 0);
  };
  return (
    <section className={versions.section} aria-labelledby="ws-history-comparisons">
      <h3 id="ws-history-comparisons" className={versions.heading}>
        Comparisons
      </h3>
      {list.length === 0 ? (
        <p className={versions.muted}>No comparisons yet. Run all in Compare keeps one here.</p>
      ) : (
        <ul className={versions.list}>
          {list.map((c) => (
            <li key={c.id} className={versions.item} data-testid="history-comparison">
              <p className={versions.muted}>
                {when(c.createdAt)} · {c.columns.map((col) => modelDisplayName(col.model)).join(', ')}
              </p>
              <p>{firstLines(c.columns[0]?.prompt.text ?? '', 1)}</p>
              <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => open(c)}>
                Open comparison
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
