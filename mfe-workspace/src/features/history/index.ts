export { HistoryPanel } from './HistoryPanel';
export { CompareTwo, usePickTwo } from './CompareTwo';
