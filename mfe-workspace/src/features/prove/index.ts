export { ProvePanel } from './ProvePanel';
export { useProveStore } from './proveStore';
export { defaultJudge } from './evaluateActions';
