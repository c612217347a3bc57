export { OutputCheck } from './OutputCheck';
export { VariablesForm } from './VariablesForm';
