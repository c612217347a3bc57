export { TrialComplete } from './TrialComplete';
