// Loaded on demand (docs/code-rules.md): import this entry with import(), or from code that is itself loaded on demand.
export { DiffView } from './DiffView';
