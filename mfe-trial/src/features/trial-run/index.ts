export { ResultPanel } from './ResultPanel';
export { TrialRunner } from './TrialRunner';
export { useTrialRun } from './useTrialRun';
export { useTrialStatus } from './useTrialStatus';
