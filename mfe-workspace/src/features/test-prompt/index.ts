export { TestPanel } from './TestPanel';
