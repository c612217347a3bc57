export { DailyBudget } from './DailyBudget';
export { ImportOffer } from './ImportOffer';
export { SyncStatus } from './SyncStatus';
export { YourData } from './YourData';
