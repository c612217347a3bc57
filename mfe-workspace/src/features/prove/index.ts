export { ProvePanel } from './ProvePanel';
