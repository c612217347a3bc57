export { PromptsPanel } from './PromptsPanel';
export { SaveAsButton } from './SaveAsButton';
