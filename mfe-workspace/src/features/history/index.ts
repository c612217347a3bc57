export { HistoryPanel } from './HistoryPanel';
