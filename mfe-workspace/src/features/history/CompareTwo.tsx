import { lazy, Suspense, useState } from 'react';
import styles from '../../ui/versions.module.css';

// The word diff loads only when someone compares two versions.
const DiffView = lazy(() => import('./lazy').then((m) => ({ default: m.DiffView })));

/** Versions picked for Compare: the last two ticked, in version order. `key` picks, `number` orders. */
export function usePickTwo<T>(versions: readonly T[], key: (v: T) => number, number: (v: T) => number) {
  const [picked, setPicked] = useState<number[]>([]);
  const toggle = (k: number) => setPicked((ks) => (ks.includes(k) ? ks.filter((x) => x !== k) : [...ks, k].slice(-2)));
  const pair = picked
    .map((k) => versions.find((v) => key(v) === k))
    .filter((v): v is T => v !== undefined)
    .sort((a, b) => number(a) - number(b));
  return { isPicked: (k: number) => picked.includes(k), toggle, pair };
}

/** The word diff of the two picked versions, or a hint to pick two when there is more than one. */
export function CompareTwo({ pair, total }: { pair: ReadonlyArray<{ number: number; text: string }>; total: number }) {
  if (pair.length === 2)
    return (
      <Suspense fallback={<p className={styles.muted}>Comparing…</p>}>
        <DiffView
          before={pair[0].text}
          after={pair[1].text}
          label={`Differences from version ${pair[0].number} to version ${pair[1].number}`}
        />
      </Suspense>
    );
  return total > 1 ? <p className={styles.muted}>Pick two versions to see what changed between them.</p> : null;
}
