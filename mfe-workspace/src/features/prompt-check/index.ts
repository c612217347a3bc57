export { OutputCheck } from './OutputCheck';
export { VariablesForm } from './VariablesForm';
export { ModelCheckControl } from './ModelCheckControl';
export { modelFindingsOf, useModelCheck } from './useModelCheck';
