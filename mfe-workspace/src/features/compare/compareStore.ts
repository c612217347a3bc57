import { create } from 'zustand';
import type { Answer, Column, Comparison } from './types';

export interface CompareState {
  /** The comparison the grid shows, as History keeps it (null until it first runs). */
  id: string | null;
  createdAt: string | null;
  /** What every column's prompt is run on (may be empty: the prompt alone is sent). */
  input: string;
  columns: Column[];
}

const initial = (): CompareState => ({ id: null, createdAt: null, input: '', columns: [] });

/** The Compare grid's state: module-wide, so runs go on while the user works elsewhere on the page. */
export const useCompareStore = create<CompareState>()(initial);

let counter = 0;
export const newId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export const isRunning = (column: Column) =>
  column.answer?.status === 'waiting' || column.answer?.status === 'streaming';

export function updateColumn(id: string, patch: (column: Column) => Partial<Column>): void {
  useCompareStore.setState({
    columns: useCompareStore.getState().columns.map((c) => (c.id === id ? { ...c, ...patch(c) } : c)),
  });
}

export function updateAnswer(id: string, patch: Partial<Answer>): void {
  updateColumn(id, (c) => (c.answer ? { answer: { ...c.answer, ...patch } } : {}));
}

/** The grid as a comparison History can keep (null before it has run). */
export function currentComparison(): Comparison | null {
  const { id, createdAt, input, columns } = useCompareStore.getState();
  return id && createdAt ? { id, createdAt, input, columns } : null;
}

/** Shows a comparison from History in the grid. */
export function openComparison(comparison: Comparison): void {
  useCompareStore.setState({ ...comparison });
}

export function resetCompare(): void {
  useCompareStore.setState(initial());
}
