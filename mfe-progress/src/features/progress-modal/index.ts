export { default as ProgressModal } from './ProgressModal';
