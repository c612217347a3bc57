export { ResultPanel } from './ResultPanel';
export { TrialBadge } from './TrialBadge';
export { TrialRunner } from './TrialRunner';
export { useTrialRun } from './useTrialRun';
export { useTrialStatus } from './useTrialStatus';
