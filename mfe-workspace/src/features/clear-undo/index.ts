export { ClearUndoToast } from './ClearUndoToast';
