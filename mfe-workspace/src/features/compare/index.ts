export { CompareSection } from './CompareSection';
export { SavedComparisons } from './SavedComparisons';
